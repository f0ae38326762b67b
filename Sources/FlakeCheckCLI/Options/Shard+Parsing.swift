import FlakeCheckModel
import FlakeCheckSupport

/// `--shard I/N` as the command line gives it.
extension Shard {
    /// `3/10`; nil unless 1 <= I <= N.
    package init?(text: String) {
        let parts = text.split(separator: "/")
        guard parts.count == 2, let index = Int(parts[0]), let count = Int(parts[1]), count >= 1,
            (1...count).contains(index)
        else { return nil }
        self.init(index: index, count: count)
    }
}

extension Shard {
    /// The variables CI systems set on each of a step's parallel jobs: the job's index and the count.
    /// Buildkite and CircleCI count from 0, GitLab from 1.
    static let ciVariables: [(system: String, index: String, count: String, firstIndex: Int)] = [
        ("Buildkite", "BUILDKITE_PARALLEL_JOB", "BUILDKITE_PARALLEL_JOB_COUNT", 0),
        ("CircleCI", "CIRCLE_NODE_INDEX", "CIRCLE_NODE_TOTAL", 0),
        ("GitLab", "CI_NODE_INDEX", "CI_NODE_TOTAL", 1),
    ]

    /// `--shard auto`: the first CI whose two variables are both set and make a shard, and which one it was
    /// (so the run says where its shard came from); an error naming every variable looked for otherwise.
    static func fromCI(_ environment: [String: String]) throws -> (shard: Shard, source: String) {
        for ci in ciVariables {
            guard let indexText = environment[ci.index], let countText = environment[ci.count] else { continue }
            guard let index = Int(indexText), let count = Int(countText),
                let shard = Shard(text: "\(index - ci.firstIndex + 1)/\(count)")
            else {
                throw FlakeCheckError.usage(
                    "--shard auto: \(ci.system)'s \(ci.index)=\(indexText) and \(ci.count)=\(countText) "
                        + "do not make a shard (\(ci.index) counts from \(ci.firstIndex)).")
            }
            return (shard, "\(ci.system) (\(ci.index)=\(indexText), \(ci.count)=\(countText))")
        }
        let looked = ciVariables.map { "\($0.index)/\($0.count) (\($0.system))" }.joined(separator: ", ")
        throw FlakeCheckError.usage("--shard auto found none of \(looked); give --shard I/N instead.")
    }
}
