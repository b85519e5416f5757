import CurveSpec
import Testing

/// Issue 14 item 7: non-ASCII curve names give sensible type names ("Füllstand" must not
/// become `FLlstand`).
@Suite("Type names from non-ASCII curve names")
struct TypeNameTransliterationTests {
  @Test(
    "Latin letters with diacritics and ligatures are spelled in ASCII",
    arguments: [
      ("Füllstand", "Fullstand"), ("Straße", "Strasse"), ("STRASSE", "STRASSE"), ("größe", "Grosse"),
      ("Ærø", "AEro"), ("æble", "Aeble"), ("Smørrebrød", "Smorrebrod"), ("Åland", "Aland"),
      ("crème brûlée", "CremeBrulee"), ("Łódź", "Lodz"), ("Œuvre", "OEuvre"), ("Þórsmörk", "THorsmork"),
      ("naïve façade", "NaiveFacade"), ("Şişli", "Sisli"), ("Țară", "Tara"), ("Dvořák", "Dvorak"),
      ("Tiếng Việt", "TiengViet"), ("ĳssel", "Ijssel"), ("Ǆungla", "DZungla"), ("ẞ groß", "SSGross"),
      ("café 2", "Cafe2"), ("7 Tage Füllung", "Curve7TageFullung"),
    ])
  func transliterates(name: String, expected: String) {
    #expect(SwiftIdentifier.typeName(fromCurveName: name) == expected, "\(name)")
  }

  @Test("decomposed and precomposed spellings give the same name; other scripts separate words")
  func decomposedAndOtherScripts() {
    #expect(SwiftIdentifier.typeName(fromCurveName: "Fu\u{308}llstand") == "Fullstand")
    #expect(SwiftIdentifier.typeName(fromCurveName: "cafe\u{301} cre\u{300}me") == "CafeCreme")
    #expect(SwiftIdentifier.typeName(fromCurveName: "Уровень") == nil, "Cyrillic has no Latin spelling")
    #expect(SwiftIdentifier.typeName(fromCurveName: "level×2") == "Level2", "× separates")
    #expect(SwiftIdentifier.typeName(fromCurveName: "水位 level") == "Level")
    #expect(SwiftIdentifier.transliterated("Füllstand – 7 Tage") == "Fullstand – 7 Tage")
  }

  @Test("the table: 16 entries a row, ASCII letters only, every derived name a valid identifier")
  func table() {
    for row in SwiftIdentifier.latinRows {
      #expect(row.spellings.split(separator: " ").count == 16, "row \(row.start)")
    }
    var spelled = 0
    for row in SwiftIdentifier.latinRows {
      for value in row.start..<(row.start + 16) {
        guard let scalar = Unicode.Scalar(value), let spelling = SwiftIdentifier.asciiSpelling(of: scalar) else {
          continue
        }
        spelled += 1
        #expect((1...2).contains(spelling.count), "U+\(String(value, radix: 16))")
        #expect(spelling.unicodeScalars.allSatisfy { ("A"..."Z").contains($0) || ("a"..."z").contains($0) })
        let name = SwiftIdentifier.typeName(fromCurveName: "x" + String(scalar))
        #expect(name == "X" + spelling, "U+\(String(value, radix: 16))")
      }
    }
    // What scripts/tables/latin_ascii.py spells: 62 of Latin-1's 64 (not × and ÷), 127 of
    // Extended-A's 128 (not ŉ), and 414 in Extended-B and Extended Additional.
    #expect(spelled == 603)
  }
}
