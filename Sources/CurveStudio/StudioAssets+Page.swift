extension StudioAssets {
  static let pageHTML = "<!DOCTYPE html><title>CurveKit Studio</title>"
  static let styleCSS = ""
  static let scriptJS = ""
}
