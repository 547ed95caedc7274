import HTTPValues

extension TapAction {
    /// A self-managed toggle's tap: `target` names what it toggles (`post=p1`), `state` asks for the
    /// opposite of `isOn` (`liked=true` on a button that is not liked, so a repeated submit changes
    /// nothing), and `return_to`, when given, is where a tap without script comes back to.
    package static func toggle(
        path: String, target: NameValue, state: String, isOn: Bool, returnTo: String?
    ) -> TapAction {
        var fields: [NameValue] = []
        fields.reserveCapacity(3)  // one allocation, not a second one for `return_to`
        fields.append(target)
        fields.append(NameValue(state, isOn ? "false" : "true"))
        if let returnTo {
            fields.append(NameValue("return_to", returnTo))
        }
        return TapAction(path: path, fields: fields)
    }
}
