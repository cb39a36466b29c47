/// Flat buffers for a floor, all in one block, each starting a fifth of a page (13 cache lines) later in
/// its 4 KiB page than the one before.
///
/// Buffers allocated one after another can start a few elements apart within their pages (or exactly
/// together, when each is large enough to be mapped on its own), and then a load from one shares the low
/// 12 address bits of a store to another still in flight, which the CPU treats as a dependency (4K
/// aliasing): a floor's time would then depend on what the heap held before it rather than on its work.
public final class FlatBuffers {
    /// How much later in its page each buffer starts than the one before.
    public static let stagger = 832

    private let block: UnsafeMutableRawPointer
    private let span: Int
    /// How many buffers the block holds.
    public let count: Int

    /// Room for `count` buffers of up to `bytes` bytes each.
    public init(count: Int, bytes: Int) {
        let page = 4_096
        span = (bytes + page - 1) / page * page + Self.stagger
        self.count = count
        block = .allocate(byteCount: count * span, alignment: page)
    }

    deinit { block.deallocate() }

    /// Buffer `index`, bound to `T` for `capacity` elements and each initialised to `value`.
    public func buffer<T>(_ index: Int, of value: T, capacity: Int) -> UnsafeMutablePointer<T> {
        precondition(index < count && capacity * MemoryLayout<T>.stride <= span - Self.stagger, "no such buffer")
        let buffer = (block + index * span).bindMemory(to: T.self, capacity: capacity)
        buffer.initialize(repeating: value, count: capacity)
        return buffer
    }
}
