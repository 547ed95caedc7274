import Components

/// The demo data: users (VIP and not, one whose name is hostile markup, one without a picture) and posts.
public struct Fixtures: Sendable {
    public var users: [User]
    public var posts: [Post]
    /// Comments by the demo users, per post id, oldest first: some ordinary, some hostile (markup, a
    /// bidirectional override, a 300-character word), which must render inert and wrap.
    public var comments: [String: [FixtureComment]]

    public init(users: [User], posts: [Post], comments: [String: [FixtureComment]] = [:]) {
        self.users = users
        self.posts = posts
        self.comments = comments
    }

    public static let demo = Fixtures(
        users: [
            User(
                uid: "ada", name: "Ada Lovelace", imageURL: "/public/avatars/ada.svg", vip: .verified,
                bio: "Wrote the first program, for a machine that was never finished.",
                baseFollowers: 31_415),
            User(
                uid: "grace", name: "Grace Hopper", imageURL: "/public/avatars/grace.svg", vip: .verified,
                bio: "Found the first actual bug. Taught machines to read English-like code.",
                baseFollowers: 2_718_281),
            User(
                uid: "linus", name: "Linus", imageURL: "/public/avatars/linus.svg", vip: .none,
                bio: "Just a hobby, won't be big and professional.",
                baseFollowers: 1_000_000),
            User(
                uid: "margaret", name: "Margaret Hamilton", imageURL: "/public/avatars/margaret.svg", vip: .verified,
                bio: "Software engineering, before it had a name.",
                baseFollowers: 1_969),
            User(
                uid: "tim", name: #"Tim "TBL" <Berners-Lee> & Co's"#, imageURL: "/public/avatars/tim.svg", vip: .none,
                bio: "A name full of <markup> & \"quotes\" — it must show as text, never as HTML.",
                baseFollowers: 42),
            User(
                uid: "amp", name: "Amp Ersand", imageURL: "/public/avatars/amp.svg", vip: .none,
                bio: "Posts mostly about ampersands & angle brackets.",
                baseFollowers: 7),
            User(
                uid: "nova", name: "Nova", imageURL: nil, vip: .none,
                bio: "No picture yet: shows the placeholder avatar.",
                baseFollowers: 0),
        ],
        posts: [
            Post(
                id: "p1", author: "ada",
                text:
                    "The Analytical Engine weaves algebraic patterns just as the Jacquard loom weaves flowers and leaves.",
                baseLikes: 12_345),
            Post(
                id: "p2", author: "grace", text: "It's easier to ask forgiveness than it is to get permission.",
                baseLikes: 1_234_567),
            Post(id: "p3", author: "linus", text: "Talk is cheap. Show me the code.", baseLikes: 999),
            Post(id: "p4", author: "margaret", text: "There was no choice but to be pioneers.", baseLikes: 0),
            Post(id: "p5", author: "tim", text: "This is for everyone. <b>Not bold</b> & not a tag.", baseLikes: 42),
            Post(id: "p6", author: "amp", text: "Fish & chips < pizza > salad? Discuss.", baseLikes: 7),
            Post(id: "p7", author: "nova", text: "Hello! I still need a profile picture.", baseLikes: 1),
            Post(
                id: "p8", author: "ada",
                text: "That brain of mine is something more than merely mortal; as time will show.", baseLikes: 9_999),
            Post(
                id: "p9", author: "grace",
                text: "The most dangerous phrase in the language is: we've always done it this way.", baseLikes: 10_000),
            Post(
                id: "p10", author: "margaret", text: "Looking back, we were the luckiest people in the world.",
                baseLikes: 305),
            Post(
                id: "p11", author: "linus",
                text:
                    "Most good programmers do programming not because they expect to get paid, but because it is fun.",
                baseLikes: 88_888),
            Post(
                id: "p12", author: "tim", text: "The Web does not just connect machines, it connects people.",
                baseLikes: 2_500_000_000),
            Post(
                id: "p13", author: "amp", text: "Escaping is not a feature you add later: & stays &, < stays <.",
                baseLikes: 64),
            Post(id: "p14", author: "nova", text: "Placeholder avatars are people too.", baseLikes: 3),
            Post(
                id: "p15", author: "ada",
                text: "The more I study, the more insatiable do I feel my genius for it to be.",
                baseLikes: 31_415),
            Post(
                id: "p16", author: "grace", text: "A ship in port is safe, but that's not what ships are built for.",
                baseLikes: 27_182),
            Post(
                id: "p17", author: "margaret", text: "Part of the culture was to learn from mistakes.", baseLikes: 1_969
            ),
            Post(
                id: "p18", author: "linus",
                text: "Bad programmers worry about the code. Good programmers worry about data structures.",
                baseLikes: 123_456),
            Post(
                id: "p19", author: "tim",
                text: "Anyone who has lost track of time when using a computer knows the propensity to dream.",
                baseLikes: 500),
            Post(
                id: "p20", author: "amp", text: "Twenty posts: a feed long enough to scroll & to benchmark.",
                baseLikes: 20),
        ],
        comments: [
            "p1": [
                FixtureComment("grace", "A loom for numbers: I can see it.", minute: 0),
                FixtureComment("margaret", "And the first program came with it.", minute: 7),
                FixtureComment("linus", "Show me the punched cards.", minute: 21),
            ],
            "p3": [
                FixtureComment("tim", "<script>alert('not run')</script> & <b>not bold</b>", minute: 30),
                FixtureComment(
                    "amp", "\u{202E}This text is reversed by an override, and stays in its paragraph.", minute: 31),
                FixtureComment("nova", String(repeating: "unbroken", count: 37) + "word", minute: 32),
            ],
            "p5": [
                FixtureComment("ada", "For everyone, & for every machine.", minute: 45)
            ],
        ]
    )

    /// Each post's thread: its comments, numbered in the order of `posts` (every post has one, maybe
    /// empty); an author who is not a user is skipped.
    public var commentThreads: [String: [Comment]] {
        var threads: [String: [Comment]] = [:]
        var id = 0
        for post in posts {
            threads[post.id] = (comments[post.id] ?? []).compactMap { comment in
                guard let author = Viewer(id: comment.author) else { return nil }
                id += 1
                return Comment(id: id, author: author, text: comment.text, at: comment.at)
            }
        }
        return threads
    }

    /// Each post's likes from people other than the app's viewers.
    /// Each post's star ratings from people other than the app's viewers: how many gave each number of
    /// stars (none for some posts).
    public var ratings: [String: [String: Int]] {
        Dictionary(
            uniqueKeysWithValues: posts.enumerated().map { index, post in
                (post.id, ["1": index % 2, "2": index % 3, "3": (index * 2) % 5, "4": (index * 3) % 7, "5": index % 4])
            })
    }

    public var likeCounts: [String: Int] {
        Dictionary(posts.map { ($0.id, $0.baseLikes) }, uniquingKeysWith: { first, _ in first })
    }

    /// Each user's followers from people other than the app's viewers.
    public var followerCounts: [String: Int] {
        Dictionary(users.map { ($0.uid, $0.baseFollowers) }, uniquingKeysWith: { first, _ in first })
    }

    public func user(_ uid: String) -> User? {
        users.first { $0.uid == uid }
    }

    public func post(_ id: String) -> Post? {
        posts.first { $0.id == id }
    }

    public func posts(by uid: String) -> [Post] {
        posts.filter { $0.author == uid }
    }
}
