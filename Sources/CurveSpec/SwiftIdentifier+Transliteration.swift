extension SwiftIdentifier {
  /// ASCII spellings of the Latin letters U+00C0–U+024F and U+1E00–U+1EFF, 16 code points
  /// per row from the row's start, separated by spaces; `-` marks a code point with none
  /// (× and ÷, or a letter with no Latin base), which then separates words like punctuation.
  ///
  /// The spellings are language-neutral, as ICU's Latin-ASCII transform: diacritics are
  /// dropped (ü → u, å → a, ł → l, ș → s), ligatures and letters without a decomposition
  /// take their conventional spelling (ß → ss, æ → ae, œ → oe, ø → o, þ → th, ð → d).
  /// Made by `scripts/tables/latin_ascii.py` from Python's `unicodedata` (Unicode 14); run
  /// it to check or extend the rows.
  package static let latinRows: [(start: UInt32, spellings: String)] = [
    (0x00C0, "A A A A A A AE C E E E E I I I I"),
    (0x00D0, "D N O O O O O - O U U U U Y TH ss"),
    (0x00E0, "a a a a a a ae c e e e e i i i i"),
    (0x00F0, "d n o o o o o - o u u u u y th y"),
    (0x0100, "A a A a A a C c C c C c C c D d"),
    (0x0110, "D d E e E e E e E e E e G g G g"),
    (0x0120, "G g G g H h H h I i I i I i I i"),
    (0x0130, "I i IJ ij J j K k k L l L l L l L"),
    (0x0140, "l L l N n N n N n - NG ng O o O o"),
    (0x0150, "O o OE oe R r R r R r S s S s S s"),
    (0x0160, "S s T t T t T t U u U u U u U u"),
    (0x0170, "U u U u W w Y y Y Z z Z z Z z s"),
    (0x0180, "b B B b - - - C c - D D d - - -"),
    (0x0190, "- F f G - hv - I K k l - - N n O"),
    (0x01A0, "O o OI oi P p - - - - - t T t T U"),
    (0x01B0, "u - V Y y Z z - - - - - - - - -"),
    (0x01C0, "- - - - DZ Dz dz LJ Lj lj NJ Nj nj A a I"),
    (0x01D0, "i O o U u U u U u U u U u - A a"),
    (0x01E0, "A a AE ae G g G g K k O o O o - -"),
    (0x01F0, "j DZ Dz dz G g - - N n A a AE ae O o"),
    (0x0200, "A a A a E e E e I i I i O o O o"),
    (0x0210, "R r R r U u U u S s T t - - H h"),
    (0x0220, "N d OU ou Z z A a E e O o O o O o"),
    (0x0230, "O o Y y l n t j - - A C c L T s"),
    (0x0240, "z - - B - - E e J j - q R r Y y"),
    (0x1E00, "A a B b B b B b C c D d D d D d"),
    (0x1E10, "D d D d E e E e E e E e E e F f"),
    (0x1E20, "G g H h H h H h H h H h I i I i"),
    (0x1E30, "K k K k K k L l L l L l L l M m"),
    (0x1E40, "M m M m N n N n N n N n O o O o"),
    (0x1E50, "O o O o P p P p R r R r R r R r"),
    (0x1E60, "S s S s S s S s S s T t T t T t"),
    (0x1E70, "T t U u U u U u U u U u V v V v"),
    (0x1E80, "W w W w W w W w W w X x X x Y y"),
    (0x1E90, "Z z Z z Z z h t w y a s s s SS -"),
    (0x1EA0, "A a A a A a A a A a A a A a A a"),
    (0x1EB0, "A a A a A a A a E e E e E e E e"),
    (0x1EC0, "E e E e E e E e I i I i O o O o"),
    (0x1ED0, "O o O o O o O o O o O o O o O o"),
    (0x1EE0, "O o O o U u U u U u U u U u U u"),
    (0x1EF0, "U u Y y Y y Y y Y y - - - - Y y"),
  ]

  /// The rows as one lookup table, built on first use.
  static let latinSpellings: [UInt32: String] = {
    var table: [UInt32: String] = [:]
    for row in latinRows {
      for (offset, spelling) in row.spellings.split(separator: " ").enumerated() where spelling != "-" {
        table[row.start + UInt32(offset)] = String(spelling)
      }
    }
    return table
  }()

  /// The ASCII letters that stand for `scalar` in a derived type name: the scalar itself
  /// for an ASCII letter or digit, its spelling in latinRows for a Latin letter with a
  /// diacritic or a ligature, or nil (the scalar separates words).
  package static func asciiSpelling(of scalar: Unicode.Scalar) -> String? {
    if isLetter(scalar) || isDigit(scalar) { return String(scalar) }
    return latinSpellings[scalar.value]
  }

  /// True for a combining diacritical mark (U+0300–U+036F): a decomposed "u" + U+0308 is
  /// spelled as the precomposed "ü" is, so the mark is dropped and does not split the word.
  package static func isCombiningMark(_ scalar: Unicode.Scalar) -> Bool {
    (0x0300...0x036F).contains(scalar.value)
  }

  /// `text` with every Latin letter spelled in ASCII (`"Füllstand"` → `"Fullstand"`,
  /// `"Straße"` → `"Strasse"`) and combining marks dropped; other characters are kept.
  package static func transliterated(_ text: String) -> String {
    var result = ""
    for scalar in text.unicodeScalars where !isCombiningMark(scalar) {
      if let spelling = asciiSpelling(of: scalar) {
        result += spelling
      } else {
        result.unicodeScalars.append(scalar)
      }
    }
    return result
  }
}
