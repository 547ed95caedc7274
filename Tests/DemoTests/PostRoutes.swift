import Components
import HTTPCore

/// The paths of the `POST` routes a module registers: where its component's form may post.
func postRoutes(of module: any ComponentModule) -> Set<String> {
    var router = Router()
    router.mount(module)
    return Set(router.routeTable.filter { $0.method == .post }.map(\.pattern))
}
