import CurvePipeline

/// One entry to every generator: the file for `curve` in `language`.
public enum CodeGenerator {
  /// The source text of `curve` in `language` with `options`: ``SwiftCodeGenerator``,
  /// ``KotlinCodeGenerator`` or ``TypeScriptCodeGenerator``.
  /// - Throws: ``CodegenError`` as the language's generator does.
  /// - Complexity: O(degree), except a Swift `table` inverse (about 1 100 Newton solves).
  public static func generate(_ curve: FittedCurve, options: GenerationOptions, language: TargetLanguage)
    throws(CodegenError) -> String
  {
    switch language {
    case .swift: return try SwiftCodeGenerator.generate(curve, options: options)
    case .kotlin: return try KotlinCodeGenerator.generate(curve, options: options)
    case .typescript: return try TypeScriptCodeGenerator.generate(curve, options: options)
    }
  }
}
