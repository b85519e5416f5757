import CurveStudio

// The studio's engine for a page on a static host: one call per route, with the local
// server's bodies and answers (StudioAPI.webCall). Texts are UTF-8 in linear memory.

/// Answers `route` for the JSON `body`: writes the answer's JSON text to memory the caller
/// frees (``ckFree(_:)``), its pointer to `text` and its length to `length`, and returns the
/// status (200, 201, 400, 404 or 422).
@_expose(wasm, "ck_studio_call")
@_cdecl("ck_studio_call")
public func ckStudioCall(
  _ route: UnsafePointer<UInt8>, _ routeLength: Int32, _ body: UnsafePointer<UInt8>, _ bodyLength: Int32,
  _ text: UnsafeMutablePointer<UnsafeMutableRawPointer?>, _ length: UnsafeMutablePointer<Int32>
) -> Int32 {
  let routeName = String(decoding: UnsafeBufferPointer(start: route, count: Int(routeLength)), as: UTF8.self)
  let answer = StudioAPI.webCall(
    route: routeName, body: Array(UnsafeBufferPointer(start: body, count: Int(bodyLength))))
  let bytes = Array(answer.text.utf8)
  let memory = UnsafeMutableRawPointer.allocate(byteCount: max(1, bytes.count), alignment: 1)
  memory.copyMemory(from: bytes, byteCount: bytes.count)
  text.pointee = memory
  length.pointee = Int32(bytes.count)
  return Int32(answer.status)
}
