package scheme

// Geo holds the parts of a geo URI (RFC 5870 section 3.3).
type Geo struct {
	Grammar
	// CoordA, CoordB and CoordC are the coordinates as written (CoordC nil when absent);
	// in WGS-84, latitude, longitude and altitude (3.4.2). Coordinates are their values.
	CoordA      string    `json:"coord_a"`
	CoordB      string    `json:"coord_b"`
	CoordC      *string   `json:"coord_c"`
	Coordinates []float64 `json:"coordinates"`
	// CRS is the crslabel of ";crs=", nil when absent; WGS84 reports the default CRS
	// (3.4.1: "if the 'crs' parameter is either missing or contains the value of
	// 'wgs84'", case-insensitive, 3.3).
	CRS   *string `json:"crs"`
	WGS84 bool    `json:"wgs84"`
	// Uncertainty is the uval of ";u=" in meters (3.4.3), nil when absent.
	Uncertainty *string `json:"uncertainty"`
	// Parameters are the other parameters in order, as written.
	Parameters []Parameter `json:"parameters"`
}
