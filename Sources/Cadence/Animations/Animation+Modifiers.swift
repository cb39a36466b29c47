extension Animation {
    /// This animation, started `delay` seconds late; see ``DelayAnimation``.
    @inlinable
    public func delay(_ delay: TimeInterval) -> Animation {
        Animation(DelayAnimation(base: self, delay: delay))
    }

    /// This animation, run `speed` times as fast; see ``SpeedAnimation``.
    @inlinable
    public func speed(_ speed: Double) -> Animation {
        Animation(SpeedAnimation(base: self, speed: speed))
    }

    /// This animation, run `repeatCount` times, every other pass reversed if `autoreverses`; see
    /// ``RepeatAnimation``.
    @inlinable
    public func repeatCount(_ repeatCount: Int, autoreverses: Bool = true) -> Animation {
        Animation(RepeatAnimation(base: self, repeatCount: repeatCount, autoreverses: autoreverses))
    }

    /// This animation, repeated for ever, every other pass reversed if `autoreverses`; see
    /// ``RepeatAnimation``.
    @inlinable
    public func repeatForever(autoreverses: Bool = true) -> Animation {
        Animation(RepeatAnimation(base: self, repeatCount: nil, autoreverses: autoreverses))
    }

    /// This animation, logically complete after `duration` seconds; see ``LogicallyCompleteAnimation``.
    @inlinable
    public func logicallyComplete(after duration: TimeInterval) -> Animation {
        Animation(LogicallyCompleteAnimation(base: self, duration: duration))
    }
}
