package uts46

// TablesApply says whether tables.go corrects the x/net/idna that was compiled.
var TablesApply = applies
