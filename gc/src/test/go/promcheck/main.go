// promcheck parses text in the Prometheus text format 0.0.4 from standard input with the
// parser node_exporter's textfile collector and the Pushgateway use (prometheus/common expfmt),
// and prints each sample as one JSON line: family, type, name, labels, value. A parse error
// exits 1 with the parser's message.
package main

import (
	"encoding/json"
	"fmt"
	"os"
	"sort"

	dto "github.com/prometheus/client_model/go"
	"github.com/prometheus/common/expfmt"
	"github.com/prometheus/common/model"
)

type sample struct {
	Family string            `json:"family"`
	Type   string            `json:"type"`
	Name   string            `json:"name"`
	Labels map[string]string `json:"labels"`
	Value  float64           `json:"value"`
}

func main() {
	parser := expfmt.NewTextParser(model.UTF8Validation)
	families, err := parser.TextToMetricFamilies(os.Stdin)
	if err != nil {
		fmt.Fprintln(os.Stderr, "prometheus text format parse error:", err)
		os.Exit(1)
	}
	names := make([]string, 0, len(families))
	for n := range families {
		names = append(names, n)
	}
	sort.Strings(names)
	out := json.NewEncoder(os.Stdout)
	for _, n := range names {
		f := families[n]
		typ := f.GetType().String()
		for _, m := range f.GetMetric() {
			labels := map[string]string{}
			for _, l := range m.GetLabel() {
				labels[l.GetName()] = l.GetValue()
			}
			emit := func(name string, extra map[string]string, v float64) {
				all := map[string]string{}
				for k, x := range labels {
					all[k] = x
				}
				for k, x := range extra {
					all[k] = x
				}
				out.Encode(sample{n, typ, name, all, v})
			}
			switch f.GetType() {
			case dto.MetricType_COUNTER:
				emit(n, nil, m.GetCounter().GetValue())
			case dto.MetricType_GAUGE:
				emit(n, nil, m.GetGauge().GetValue())
			case dto.MetricType_SUMMARY:
				s := m.GetSummary()
				for _, q := range s.GetQuantile() {
					emit(n, map[string]string{"quantile": fmt.Sprint(q.GetQuantile())}, q.GetValue())
				}
				emit(n+"_count", nil, float64(s.GetSampleCount()))
				emit(n+"_sum", nil, s.GetSampleSum())
			default:
				emit(n, nil, m.GetUntyped().GetValue())
			}
		}
	}
}
