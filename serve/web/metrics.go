package web

import "github.com/prometheus/client_golang/prometheus"

// metrics.go is what the site tells the server's -metrics: its pages
// served, its streams open, and what it refused.

// siteMetrics are the site's numbers, a prometheus.Collector.
type siteMetrics struct {
	pages   *prometheus.CounterVec
	refused *prometheus.CounterVec
	streams prometheus.GaugeFunc
}

func newSiteMetrics(s *Site) *siteMetrics {
	return &siteMetrics{
		pages: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "termgames_web_pages_total",
			Help: "Pages the web side served, by page (now, table, game, leaders, player, record, missing).",
		}, []string{"page"}),
		refused: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "termgames_web_refused_total",
			Help: "Web connections or streams refused, by reason: connections (too many from one address), streams (too many streams open).",
		}, []string{"reason"}),
		streams: prometheus.NewGaugeFunc(prometheus.GaugeOpts{
			Name: "termgames_web_streams",
			Help: "Streams of a live table's changes open now (a browser watching a table).",
		}, func() float64 { return float64(len(s.streams)) }),
	}
}

// Describe is prometheus.Collector's.
func (m *siteMetrics) Describe(ch chan<- *prometheus.Desc) {
	m.pages.Describe(ch)
	m.refused.Describe(ch)
	m.streams.Describe(ch)
}

// Collect is prometheus.Collector's.
func (m *siteMetrics) Collect(ch chan<- prometheus.Metric) {
	m.pages.Collect(ch)
	m.refused.Collect(ch)
	m.streams.Collect(ch)
}

// Metrics are the site's numbers, for the server's registry
// (metrics.Metrics.Register).
func (s *Site) Metrics() prometheus.Collector { return s.metrics }

// served counts a page served.
func (s *Site) served(page string) { s.metrics.pages.WithLabelValues(page).Inc() }
