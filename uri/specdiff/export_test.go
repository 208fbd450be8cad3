package specdiff

// ForgetParts empties the answers Classify keeps, so that the next call finds its
// answer from the automata.
func (r *Report) ForgetParts() { r.parted.Clear() }
