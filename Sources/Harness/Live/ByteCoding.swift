import Foundation

/// Little-endian fields appended to a buffer: the binary half of a live reload's hand-over (a history's frames,
/// a ghost's commands).
struct ByteWriter {
    private(set) var data = Data()

    mutating func int(_ value: Int) { withUnsafeBytes(of: Int64(value).littleEndian) { data.append(contentsOf: $0) } }
    mutating func int32(_ value: Int32) { withUnsafeBytes(of: value.littleEndian) { data.append(contentsOf: $0) } }
    mutating func double(_ value: Double) {
        withUnsafeBytes(of: value.bitPattern.littleEndian) { data.append(contentsOf: $0) }
    }
    mutating func bytes(_ value: some Sequence<UInt8>) { data.append(contentsOf: value) }
    mutating func point(_ value: Point) {
        double(value.x)
        double(value.y)
    }
    mutating func rect(_ value: Rect) {
        double(value.x)
        double(value.y)
        double(value.width)
        double(value.height)
    }
    mutating func color(_ value: Color) { data.append(contentsOf: [value.r, value.g, value.b, value.a]) }
}

/// Reads what ``ByteWriter`` wrote, field by field without copying; nil for anything cut short or out of range.
struct ByteReader {
    private let bytes: [UInt8]
    private var offset = 0

    init(data: Data) { bytes = Array(data) }

    var isAtEnd: Bool { offset == bytes.count }

    private mutating func load<T: FixedWidthInteger>(_: T.Type) -> T? {
        let size = MemoryLayout<T>.size
        guard offset + size <= bytes.count else { return nil }
        defer { offset += size }
        return T(littleEndian: bytes.withUnsafeBytes { $0.loadUnaligned(fromByteOffset: offset, as: T.self) })
    }

    mutating func int() -> Int? { load(Int64.self).map { Int($0) } }
    mutating func int32() -> Int32? { load(Int32.self) }
    mutating func double() -> Double? { load(UInt64.self).map { Double(bitPattern: $0) } }
    mutating func bytes(_ count: Int) -> ArraySlice<UInt8>? {
        guard count >= 0, count <= bytes.count - offset else { return nil }
        defer { offset += count }
        return bytes[offset..<(offset + count)]
    }
    mutating func point() -> Point? {
        guard let x = double(), let y = double() else { return nil }
        return Point(x, y)
    }
    mutating func rect() -> Rect? {
        guard let x = double(), let y = double(), let width = double(), let height = double() else { return nil }
        return Rect(x: x, y: y, width: width, height: height)
    }
    mutating func color() -> Color? {
        guard let channels = bytes(4) else { return nil }
        let at = channels.startIndex
        return Color(channels[at], channels[at + 1], channels[at + 2], channels[at + 3])
    }
    /// A count written before that many elements: never more than the bytes left could hold.
    mutating func count() -> Int? {
        guard let count = int(), count >= 0, count <= bytes.count - offset else { return nil }
        return count
    }
    /// A count, then that many elements read by `element`.
    mutating func array<T>(_ element: (inout ByteReader) -> T?) -> [T]? {
        guard let count = count() else { return nil }
        var elements: [T] = []
        elements.reserveCapacity(count)
        for _ in 0..<count {
            guard let next = element(&self) else { return nil }
            elements.append(next)
        }
        return elements
    }
}
