package specdiff

// SplitClass is a class of strings that both languages accept but read differently: a
// byte that belongs to one component under A and to another under B.
type SplitClass struct {
	A       string `json:"a"`
	B       string `json:"b"`
	Witness string `json:"witness"`
	Offset  int    `json:"offset"`
}

func splitClasses(a, b *Language) []SplitClass { return nil }
