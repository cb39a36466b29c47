/// Frames waiting for their display's answer, released to the profiler in frame order once answered.
///
/// A frame's presentation feedback arrives a refresh or two after its present; the figures, the CSV, the trace
/// and the plot all want each frame once, complete. So when the backend has display times, every frame waits
/// here until its answer has come (frames that asked nothing pass as soon as the frames before them have), and
/// the frame loop records it then. Answers are matched to frames by the frame number each request carried, so
/// an answer that never comes or a commit SDL makes on its own never shifts the frames after it.
struct DisplayQueue {
    private var waiting: [FrameSample] = []
    private var answered: [Bool] = []
    private var head = 0
    /// Input events of the frames that asked, oldest first: (frame, when it happened).
    private var events: [(frame: Int, time: UInt64)] = []

    /// Whether every frame added has been released.
    var isEmpty: Bool { head == waiting.count }

    /// Queues a frame; `requested` says whether it asked for feedback, `eventTimes` when its input happened.
    mutating func add(_ sample: FrameSample, requested: Bool, eventTimes: [UInt64]) {
        waiting.append(sample)
        answered.append(!requested)
        if requested { for time in eventTimes { events.append((sample.index, time)) } }
    }

    /// Gives each of `answers` (the backend's, gathered by the loop) to the frame that asked, and empties it
    /// (answers for frames already released as pending, or for frames never asked about, are dropped).
    mutating func take(_ answers: inout [PresentationAnswer]) {
        defer { answers.removeAll(keepingCapacity: true) }
        guard head < waiting.count else { return }
        let first = waiting[head].index
        for answer in answers {
            let position = head + (answer.frame - first)
            guard answer.frame >= first, position < waiting.count, !answered[position] else { continue }
            waiting[position].display = answer.feedback
            answered[position] = true
        }
    }

    /// The oldest frame, once it can go: answered, or unanswered for `timeout` after its present (or
    /// `flushing`, at the end of a run), then marked pending. Input-to-display latencies of the events it
    /// showed first go to `stats`.
    mutating func next(now: UInt64, timeout: UInt64, flushing: Bool = false, stats: FrameStats) -> FrameSample? {
        guard head < waiting.count else { return nil }
        var sample = waiting[head]
        if !answered[head] {
            guard flushing || now > sample.presentEnd + timeout else { return nil }
            sample.display = .pending
        }
        head += 1
        if head >= 256, head * 2 >= waiting.count {
            waiting.removeFirst(head)
            answered.removeFirst(head)
            head = 0
        }
        var shown = 0
        while shown < events.count, events[shown].frame <= sample.index { shown += 1 }
        switch sample.display?.outcome {
        case .presented?:
            let time = sample.display?.time ?? 0
            for event in events.prefix(shown) {
                let latency = time - Swift.min(event.time, time)
                stats.recordInputToDisplay(latency)
                stats.recordInputShown(time - Swift.min(sample.presentEnd, time))
                sample.inputToDisplay = Swift.max(sample.inputToDisplay, latency)
            }
            events.removeFirst(shown)
        case .pending?:
            events.removeFirst(shown)
        default:
            // Discarded (or not presented): shown, if at all, by the next frame presented; its events wait for it.
            break
        }
        return sample
    }
}
