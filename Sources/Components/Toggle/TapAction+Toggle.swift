extension TapAction {
    /// A self-managed toggle's tap: `target` names what it toggles (`post=p1`), `state` asks for the
    /// opposite of `isOn` (`liked=true` on a button that is not liked, so a repeated submit changes
    /// nothing), and `return_to`, when given, is where a tap without script comes back to.
    public static func toggle(
        path: String, target: Field, state: String, isOn: Bool, returnTo: String?
    ) -> TapAction {
        var fields = [target, Field(state, isOn ? "false" : "true")]
        if let returnTo {
            fields.append(Field("return_to", returnTo))
        }
        return TapAction(path: path, fields: fields)
    }
}
