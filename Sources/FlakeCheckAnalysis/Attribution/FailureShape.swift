
/// Groups failure messages that differ only in what changes from run to run: numbers, hexadecimal
/// addresses and UUIDs. "timed out after 1043 ms on port 54123" and "… 998 ms on port 61002" are one
/// failure seen twice, not two failures seen once each, so the kept messages describe the failures
/// instead of listing five random ones.
package enum FailureShape {
    package static func key(of message: String) -> String {
        var result = ""
        result.reserveCapacity(message.utf8.count)
        let characters = Array(message)
        var index = 0
        while index < characters.count {
            if let end = uuidEnd(characters, from: index) {
                result += "<uuid>"
                index = end
            } else if characters[index] == "0", index + 2 < characters.count, characters[index + 1] == "x",
                characters[index + 2].isHexDigit
            {
                result += "0x<address>"
                index += 2
                while index < characters.count, characters[index].isHexDigit { index += 1 }
            } else if characters[index].isASCII, characters[index].isNumber {
                result += "<n>"
                while index < characters.count, characters[index].isASCII,
                    characters[index].isNumber || characters[index] == "."
                { index += 1 }
            } else {
                result.append(characters[index])
                index += 1
            }
        }
        return result
    }

    /// `8-4-4-4-12` hexadecimal digits starting at `start`, and where they end.
    private static func uuidEnd(_ characters: [Character], from start: Int) -> Int? {
        var index = start
        for (number, length) in [8, 4, 4, 4, 12].enumerated() {
            for _ in 0..<length {
                guard index < characters.count, characters[index].isHexDigit else { return nil }
                index += 1
            }
            if number < 4 {
                guard index < characters.count, characters[index] == "-" else { return nil }
                index += 1
            }
        }
        return index
    }
}
