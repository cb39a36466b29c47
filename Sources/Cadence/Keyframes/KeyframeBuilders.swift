// The result builders of a track's keyframes and of a timeline's tracks, and the lists they build:
// each builder gathers its content's keyframes or tracks as it goes, so what it built is a primitive.

/// The keyframes a ``KeyframeTrackContentBuilder`` built: their list, in order. An implementation
/// detail of the builder: it appears only as the type of what the builder built.
public struct _KeyframeList<Value: VectorArithmetic>: KeyframeTrackContent {
    @usableFromInline var keyframes: [Keyframe<Value>]

    @inlinable
    init(_ keyframes: [Keyframe<Value>]) { self.keyframes = keyframes }

    /// The list itself.
    public var body: _KeyframeList<Value> { return self }
}

extension _KeyframeList: KeyframeTrackPrimitive {
    func appendKeyframes(to keyframes: inout [Keyframe<Value>]) {
        keyframes.append(contentsOf: self.keyframes)
    }
}

/// The result builder of a track's keyframes: keyframes in order, with `if`, `if … else` and `for`.
@resultBuilder
public enum KeyframeTrackContentBuilder<Value: VectorArithmetic> {
    /// One keyframe or group of keyframes.
    public static func buildExpression<K: KeyframeTrackContent>(_ expression: K) -> _KeyframeList<Value>
    where K.Value == Value {
        var keyframes: [Keyframe<Value>] = []
        expression.collectKeyframes(into: &keyframes)
        return _KeyframeList(keyframes)
    }

    /// The keyframes in order.
    public static func buildBlock(_ components: _KeyframeList<Value>...) -> _KeyframeList<Value> {
        _KeyframeList(components.flatMap(\.keyframes))
    }

    /// The keyframes of an `if` whose condition held, or none.
    public static func buildOptional(_ component: _KeyframeList<Value>?) -> _KeyframeList<Value> {
        component ?? _KeyframeList([])
    }

    /// The first branch of an `if … else`.
    public static func buildEither(first component: _KeyframeList<Value>) -> _KeyframeList<Value> { component }

    /// The second branch of an `if … else`.
    public static func buildEither(second component: _KeyframeList<Value>) -> _KeyframeList<Value> { component }

    /// The keyframes of every pass of a `for` loop, in order.
    public static func buildArray(_ components: [_KeyframeList<Value>]) -> _KeyframeList<Value> {
        _KeyframeList(components.flatMap(\.keyframes))
    }

    /// The keyframes of an availability check.
    public static func buildLimitedAvailability(_ component: _KeyframeList<Value>) -> _KeyframeList<Value> { component }
}

/// The tracks a ``KeyframesBuilder`` built, in order. An implementation detail of the builder: it
/// appears only as the type of what the builder built.
public struct _KeyframeTrackList<Value>: Keyframes {
    @usableFromInline
    enum Item {
        /// Tracks to append.
        case tracks((Value, inout [AnyKeyframeTrack<Value>]) -> Void)
        /// Keyframes of the whole value (each a `Keyframe<Value>`), and how to make their track.
        case keyframes([Any], makeTrack: (Value, [Any]) -> AnyKeyframeTrack<Value>)
    }

    @usableFromInline var items: [Item]

    @inlinable
    init(_ items: [Item]) { self.items = items }

    /// The list itself.
    public var body: _KeyframeTrackList<Value> { return self }
}

extension _KeyframeTrackList: KeyframesPrimitive {
    /// Appends the tracks; each run of keyframes written directly becomes one track of the whole value.
    func appendTracks(initialValue: Value, to tracks: inout [AnyKeyframeTrack<Value>]) {
        var run: [Any] = []
        var makeRun: ((Value, [Any]) -> AnyKeyframeTrack<Value>)?
        func endRun() {
            if let make = makeRun { tracks.append(make(initialValue, run)) }
            run = []
            makeRun = nil
        }
        for item in items {
            switch item {
            case .tracks(let append):
                endRun()
                append(initialValue, &tracks)
            case .keyframes(let keyframes, let make):
                run += keyframes
                if makeRun == nil { makeRun = make }
            }
        }
        endRun()
    }
}

/// The result builder of a timeline's tracks: ``KeyframeTrack``s in order (with `if`, `if … else` and
/// `for`), or keyframes written directly, which animate the whole value: consecutive ones form one
/// track, as in `KeyframeTrack { … }`.
@resultBuilder
public enum KeyframesBuilder<Value> {
    /// One track or group of tracks.
    public static func buildExpression<K: Keyframes>(_ expression: K) -> _KeyframeTrackList<Value>
    where K.Value == Value {
        _KeyframeTrackList([.tracks({ expression.collectTracks(initialValue: $0, into: &$1) })])
    }

    /// Keyframes of the whole value.
    public static func buildExpression<K: KeyframeTrackContent>(_ expression: K) -> _KeyframeTrackList<Value>
    where K.Value == Value {
        var keyframes: [Keyframe<Value>] = []
        expression.collectKeyframes(into: &keyframes)
        return _KeyframeTrackList([
            .keyframes(
                keyframes.map { $0 as Any },
                makeTrack: { initialValue, run in
                    makeKeyframeTrack(
                        keyPath: \Value.self, initial: initialValue, keyframes: run.map { $0 as! Keyframe<Value> })
                })
        ])
    }

    /// The tracks in order.
    public static func buildBlock(_ components: _KeyframeTrackList<Value>...) -> _KeyframeTrackList<Value> {
        _KeyframeTrackList(components.flatMap(\.items))
    }

    /// The tracks of an `if` whose condition held, or none.
    public static func buildOptional(_ component: _KeyframeTrackList<Value>?) -> _KeyframeTrackList<Value> {
        component ?? _KeyframeTrackList([])
    }

    /// The first branch of an `if … else`.
    public static func buildEither(first component: _KeyframeTrackList<Value>) -> _KeyframeTrackList<Value> {
        component
    }

    /// The second branch of an `if … else`.
    public static func buildEither(second component: _KeyframeTrackList<Value>) -> _KeyframeTrackList<Value> {
        component
    }

    /// The tracks of every pass of a `for` loop, in order.
    public static func buildArray(_ components: [_KeyframeTrackList<Value>]) -> _KeyframeTrackList<Value> {
        _KeyframeTrackList(components.flatMap(\.items))
    }

    /// The tracks of an availability check.
    public static func buildLimitedAvailability(_ component: _KeyframeTrackList<Value>) -> _KeyframeTrackList<Value> {
        component
    }
}
