import Tweening

/// Tab and 1–9: replaces the running scene with a fresh instance of one of the ``SceneCatalog``'s,
/// made with the run's tweener and clock. The old scene's tweens are killed first, so nothing it
/// started keeps running under the new one.
struct SceneSwitcher {
    /// The scenes switched among (a user's executable adds its own to the built-in ones).
    var catalog = SceneCatalog.builtIn
    /// How many objects scenes opened this way animate (see ``SceneContext/objectCount``).
    var objectCount = 10_000

    /// The catalog index after the scene called `name` (wrapping; the first when `name` is not in it).
    func index(after name: String) -> Int {
        let names = catalog.names
        return ((names.firstIndex(of: name) ?? -1) + 1) % names.count
    }

    /// The catalog's `index`-th scene, fresh, or nil when `index` is out of range.
    /// - Throws: What the scene's `make` throws, as ``HarnessError/sceneFailed(_:reason:)``.
    func scene(at index: Int, tweener: Tweener, clock: FrameClock) throws(HarnessError) -> Scene? {
        guard catalog.entries.indices.contains(index) else { return nil }
        tweener.killAll()
        let context = SceneContext(
            tweener: tweener, objectCount: objectCount, clock: clock, animations: catalog.animations)
        return try catalog.make(catalog.entries[index].name, context: context)
    }
}
