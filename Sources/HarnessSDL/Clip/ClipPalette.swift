/// How often each colour occurs over a whole clip: what a GIF's palette is chosen from.
///
/// Colours are counted exactly (alpha ignored) in an open-addressing table; a run of equal pixels, the
/// common case in flat scenes, is counted with one lookup.
struct ColorCensus: Sendable {
    // Keys are RGB + 1, so that 0 marks an empty slot.
    private var keys: [UInt32] = Array(repeating: 0, count: 1024)
    private var counts: [Int] = Array(repeating: 0, count: 1024)
    /// How many different colours were seen.
    private(set) var distinct = 0

    /// An empty census.
    init() {}

    /// Counts every pixel of `picture`.
    mutating func count(_ picture: ClipPicture) {
        var index = 0
        let pixels = picture.pixels
        while index < pixels.count {
            let color = pixels[index] & 0xFF_FFFF
            var run = 1
            while index + run < pixels.count, pixels[index + run] & 0xFF_FFFF == color { run += 1 }
            add(color, run)
            index += run
        }
    }

    /// Adds `count` pixels of `color` (RGB).
    mutating func add(_ color: UInt32, _ count: Int) {
        let key = color & 0xFF_FFFF + 1
        var slot = Self.hash(key) & (keys.count - 1)
        while keys[slot] != 0, keys[slot] != key { slot = (slot + 1) & (keys.count - 1) }
        if keys[slot] == 0 {
            keys[slot] = key
            distinct += 1
            if distinct * 2 > keys.count {
                counts[slot] += count
                grow()
                return
            }
        }
        counts[slot] += count
    }

    /// Every colour seen (RGB) with its pixel count, most frequent first (ties by colour, so the order is
    /// the same on every run).
    var colors: [(color: UInt32, count: Int)] {
        var result: [(color: UInt32, count: Int)] = []
        result.reserveCapacity(distinct)
        for slot in keys.indices where keys[slot] != 0 { result.append((keys[slot] - 1, counts[slot])) }
        return result.sorted { $0.count != $1.count ? $0.count > $1.count : $0.color < $1.color }
    }

    private mutating func grow() {
        let old = zip(keys, counts).filter { $0.0 != 0 }
        keys = Array(repeating: 0, count: keys.count * 2)
        counts = Array(repeating: 0, count: keys.count)
        for (key, count) in old {
            var slot = Self.hash(key) & (keys.count - 1)
            while keys[slot] != 0 { slot = (slot + 1) & (keys.count - 1) }
            keys[slot] = key
            counts[slot] = count
        }
    }

    private static func hash(_ key: UInt32) -> Int { Int(truncatingIfNeeded: (key &* 0x9E37_79B1) >> 8) }
}

/// A GIF's palette for a whole clip, and every colour of the clip mapped into it.
///
/// - A clip of at most ``maximumCount`` colours keeps every colour exactly.
/// - Otherwise the scene's own colours are kept exactly, up to half the palette: the opaque colours its
///   draw lists asked for (most pixels first), then any colour covering at least one pixel in a thousand.
///   The rest (anti-aliased edges, text, blends) are shared out by median cut, weighting each colour by the
///   square root of its count so that rare edge shades still get entries; each colour then maps to its
///   nearest entry.
/// - There is no dithering: the scenes are flat fills with thin edges, where dithering adds noise without
///   adding detail, and pixels that shimmer between frames would defeat the encoder's frame differencing.
/// - The palette is the same for every frame, so a pixel that does not change keeps its index and costs
///   nothing in the next frame.
struct ClipPalette: Sendable {
    /// The most colours: 255, leaving one of the GIF's 256 indices for the transparent pixels that stand
    /// for "unchanged since the last frame".
    static let maximumCount = 255

    /// The palette's colours (RGB).
    let colors: [UInt32]
    private var census: [UInt32: UInt8]

    /// The palette for the colours in `census`, keeping the colours in `drawn` (RGB, the scene's own)
    /// exactly when it must choose.
    init(_ census: ColorCensus, drawn: Set<UInt32> = []) {
        let counted = census.colors
        if counted.count <= Self.maximumCount {
            colors = counted.map(\.color)
        } else {
            let total = counted.reduce(0) { $0 + $1.count }
            let exact = counted.filter { drawn.contains($0.color) } + counted.filter { $0.count * 1000 >= total }
            var kept: [UInt32] = []
            for (color, _) in exact where !kept.contains(color) && kept.count < Self.maximumCount / 2 {
                kept.append(color)
            }
            let keptSet = Set(kept)
            let rest = counted.filter { !keptSet.contains($0.color) }
            colors = kept + Self.medianCut(rest, into: Self.maximumCount - kept.count)
        }
        var map: [UInt32: UInt8] = [:]
        map.reserveCapacity(counted.count)
        for (color, _) in counted { map[color] = Self.nearest(color, in: colors) }
        self.census = map
    }

    /// The palette index of `color` (RGB; alpha ignored): its own entry or its nearest.
    func index(of color: UInt32) -> UInt8 {
        census[color & 0xFF_FFFF] ?? Self.nearest(color & 0xFF_FFFF, in: colors)
    }

    /// Writes the palette index of every pixel of `picture` into `indices`.
    func indices(of picture: ClipPicture, into indices: inout [UInt8]) {
        indices.removeAll(keepingCapacity: true)
        var last: UInt32 = .max
        var lastIndex: UInt8 = 0
        for pixel in picture.pixels {
            let color = pixel & 0xFF_FFFF
            if color != last {
                last = color
                lastIndex = index(of: color)
            }
            indices.append(lastIndex)
        }
    }

    /// The palette as GIF wants it: R, G, B bytes per entry.
    var rgbBytes: [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(colors.count * 3)
        for color in colors {
            bytes.append(UInt8(truncatingIfNeeded: color >> 16))
            bytes.append(UInt8(truncatingIfNeeded: color >> 8))
            bytes.append(UInt8(truncatingIfNeeded: color))
        }
        return bytes
    }

    private static func channels(_ color: UInt32) -> (Int, Int, Int) {
        (Int(color >> 16 & 0xFF), Int(color >> 8 & 0xFF), Int(color & 0xFF))
    }

    private static func nearest(_ color: UInt32, in palette: [UInt32]) -> UInt8 {
        let (r, g, b) = channels(color)
        var best = 0
        var bestDistance = Int.max
        for (index, entry) in palette.enumerated() {
            let (er, eg, eb) = channels(entry)
            let distance = (r - er) * (r - er) + (g - eg) * (g - eg) + (b - eb) * (b - eb)
            if distance < bestDistance {
                (best, bestDistance) = (index, distance)
                if distance == 0 { break }
            }
        }
        return UInt8(best)
    }

    /// Median cut: split the box whose widest channel spread times weight is largest, at the weighted
    /// median of that channel, until there are `count` boxes; each box gives its weighted mean.
    private static func medianCut(_ counted: [(color: UInt32, count: Int)], into count: Int) -> [UInt32] {
        typealias Entry = (r: Int, g: Int, b: Int, weight: Double)
        let entries: [Entry] = counted.map {
            let (r, g, b) = channels($0.color)
            return (r, g, b, Double($0.count).squareRoot())
        }
        func spread(_ box: ArraySlice<Entry>) -> (channel: Int, range: Int) {
            var (lowR, lowG, lowB, highR, highG, highB) = (255, 255, 255, 0, 0, 0)
            for entry in box {
                (lowR, highR) = (min(lowR, entry.r), max(highR, entry.r))
                (lowG, highG) = (min(lowG, entry.g), max(highG, entry.g))
                (lowB, highB) = (min(lowB, entry.b), max(highB, entry.b))
            }
            let (r, g, b) = (highR - lowR, highG - lowG, highB - lowB)
            return r >= g && r >= b ? (0, r) : g >= b ? (1, g) : (2, b)
        }
        func value(_ entry: Entry, _ channel: Int) -> Int { channel == 0 ? entry.r : channel == 1 ? entry.g : entry.b }
        var boxes: [[Entry]] = entries.isEmpty ? [] : [entries]
        while boxes.count < count {
            var pick = -1
            var pickScore = 0.0
            for (index, box) in boxes.enumerated() where box.count > 1 {
                let score = Double(spread(box[...]).range) * box.reduce(0) { $0 + $1.weight }
                if score > pickScore { (pick, pickScore) = (index, score) }
            }
            guard pick >= 0 else { break }
            let channel = spread(boxes[pick][...]).channel
            let sorted = boxes[pick].sorted {
                value($0, channel) != value($1, channel)
                    ? value($0, channel) < value($1, channel) : ($0.r, $0.g, $0.b) < ($1.r, $1.g, $1.b)
            }
            let half = sorted.reduce(0) { $0 + $1.weight } / 2
            var running = 0.0
            var cut = 1
            for (index, entry) in sorted.enumerated() {
                running += entry.weight
                if running >= half {
                    cut = min(max(index + 1, 1), sorted.count - 1)
                    break
                }
            }
            boxes[pick] = Array(sorted[..<cut])
            boxes.append(Array(sorted[cut...]))
        }
        return boxes.map { box in
            let weight = box.reduce(0) { $0 + $1.weight }
            func mean(_ channel: Int) -> UInt32 {
                UInt32((box.reduce(0) { $0 + Double(value($1, channel)) * $1.weight } / weight).rounded())
            }
            return mean(0) << 16 | mean(1) << 8 | mean(2)
        }
    }
}
