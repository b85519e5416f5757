import CurveKitCLI
@preconcurrency import WASILibc

// `curvekit` for node (Web/curvekit.mjs): the command line's own dispatcher over the WASI
// streams and files node:wasi gives the instance. Every command but `design` (the studio's
// server stays native).

/// Runs `curvekit` with `count` arguments stored NUL-terminated one after another at
/// `arguments` (without the program name), and returns its exit status. The first string is
/// the working directory (the host's), against which relative paths are read and written;
/// the arguments follow it.
@_expose(wasm, "ck_cli")
@_cdecl("ck_cli")
public func ckCLI(_ arguments: UnsafePointer<UInt8>, _ byteCount: Int32, _ count: Int32) -> Int32 {
  var list: [String] = []
  var start = 0
  let bytes = UnsafeBufferPointer(start: arguments, count: Int(byteCount))
  for index in 0..<bytes.count where bytes[index] == 0 {
    list.append(String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self))
    start = index + 1
  }
  guard list.count == Int(count), let directory = list.first, chdir(directory) == 0 else { return 2 }
  return CurveKitCommandLine.main(arguments: Array(list.dropFirst()))
}
