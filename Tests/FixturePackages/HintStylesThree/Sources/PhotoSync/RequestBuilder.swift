import Foundation

public enum RequestContext {
    @TaskLocal public static var userID: String?
    @TaskLocal public static var locale: String = "en-US"
}

public struct UploadRequest: Sendable, Equatable {
    public var path: String
    public var headers: [String: String]
}

public struct RequestBuilder: Sendable {
    public let apiVersion: Int

    public init(apiVersion: Int = 2) {
        self.apiVersion = apiVersion
    }

    public func path(for resource: String) -> String {
        "/v\(apiVersion)/\(resource)"
    }

    public func acceptLanguage() -> String {
        RequestContext.locale
    }

    public func makeRequest(_ resource: String) async -> UploadRequest {
        var headers = ["Accept-Language": RequestContext.locale]
        if let user = RequestContext.userID {
            headers["X-User-ID"] = user
        }
        return UploadRequest(path: path(for: resource), headers: headers)
    }
}
