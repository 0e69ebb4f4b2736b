// The stand-in session of a standalone area: nothing yet (filled in once shared-session has landed).
export async function startStandInSession() {}
