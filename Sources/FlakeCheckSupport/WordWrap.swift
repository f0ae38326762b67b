
/// Wraps text at word boundaries, for output read on a terminal: a word is never cut in two, and a word
/// longer than the width (a path, an ID) stands alone on its line rather than being broken.
package enum WordWrap {
    /// `text` in lines of at most `width` columns; the first line follows a heading `firstIndent` wide,
    /// the others start with `indent` spaces.
    package static func wrap(_ text: String, width: Int, firstIndent: Int = 0, indent: Int = 0) -> String {
        let pad = String(repeating: " ", count: indent)
        var lines: [String] = [""]
        var used = firstIndent
        for word in text.split(separator: " ") {
            let fresh = lines[lines.count - 1].isEmpty || lines[lines.count - 1] == pad
            if fresh {
                lines[lines.count - 1] += word
                used += word.count
            } else if used + 1 + word.count > width {
                lines.append(pad + word)
                used = indent + word.count
            } else {
                lines[lines.count - 1] += " " + word
                used += 1 + word.count
            }
        }
        return lines.joined(separator: "\n")
    }
}
