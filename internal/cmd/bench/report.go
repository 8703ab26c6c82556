package main

import (
	"bytes"
	"fmt"
	"image/color"
	"os"
	"os/exec"
	"runtime"
	"slices"
	"strings"
	"time"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
	"gonum.org/v1/plot/vg/vgimg"
)

var ops = []string{"apply", "plan", "destroy"}

// medians folds the rounds of each (latency, workload, N, command) into
// one measurement: the median time, the largest peak memory and state, and
// the requests of the first round (they do not change between rounds).
func medians(all []measurement) []measurement {
	type key struct {
		lat      time.Duration
		workload string
		n        int
		op       string
	}
	var order []key
	groups := map[key][]measurement{}
	for _, m := range all {
		k := key{m.Latency, m.Workload, m.N, m.Op}
		if _, ok := groups[k]; !ok {
			order = append(order, k)
		}
		groups[k] = append(groups[k], m)
	}
	out := make([]measurement, 0, len(order))
	for _, k := range order {
		g := groups[k]
		m := g[0]
		secs := make([]float64, len(g))
		for i, r := range g {
			secs[i] = r.Seconds
			m.PeakKiB = max(m.PeakKiB, r.PeakKiB)
			m.StateBytes = max(m.StateBytes, r.StateBytes)
		}
		slices.Sort(secs)
		if h := len(secs) / 2; len(secs)%2 == 1 {
			m.Seconds = secs[h]
		} else {
			m.Seconds = (secs[h-1] + secs[h]) / 2
		}
		out = append(out, m)
	}
	return out
}

// find returns the measurement of (lat, workload, n, op).
func find(all []measurement, lat time.Duration, workload string, n int, op string) (measurement, bool) {
	for _, m := range all {
		if m.Latency == lat && m.Workload == workload && m.N == n && m.Op == op {
			return m, true
		}
	}
	return measurement{}, false
}

// floorOf is the time m is compared with: at zero latency the same command
// on N terraform_data resources; with latency L at parallelism P, N*L/P.
func floorOf(all []measurement, m measurement, o options) (float64, string) {
	if m.Latency > 0 {
		return float64(m.N) * m.Latency.Seconds() / float64(o.parallelism), "N*L/P"
	}
	if b, ok := find(all, 0, baseline.name, m.N, m.Op); ok {
		return b.Seconds, "terraform_data"
	}
	return 0, ""
}

// terraformFloor is the tighter floor of m under latency: no command can
// beat N*L/P, nor Terraform's own time for N resources that do no work.
func terraformFloor(all []measurement, m measurement, o options) float64 {
	f, _ := floorOf(all, m, o)
	if b, ok := find(all, 0, baseline.name, m.N, m.Op); ok {
		f = max(f, b.Seconds)
	}
	return f
}

// schemaFloor is the floor of an endpoints measurement m for any provider
// with this schema: the same command with the no-op plugin, and under
// latency the larger of that and N*L/P. It is 0 for other workloads, and
// when the no-op plugin's state differed from the provider's.
func schemaFloor(all []measurement, m measurement, o options) float64 {
	if m.Workload != endpoints.name || o.driftOf(noopEndpoints, m.N) != "" {
		return 0
	}
	b, ok := find(all, 0, noopEndpoints.name, m.N, m.Op)
	if !ok {
		return 0
	}
	if m.Latency > 0 {
		f, _ := floorOf(all, m, o)
		return max(f, b.Seconds)
	}
	return b.Seconds
}

func printRows(ms, all []measurement, o options) {
	for _, m := range ms {
		line := fmt.Sprintf("   %-8s %8.2fs", m.Op, m.Seconds)
		if f, name := floorOf(all, m, o); f > 0 && m.Workload != baseline.name {
			line += fmt.Sprintf("  %5.2fx %s (%.2fs)", m.Seconds/f, name, f)
			if m.Latency > 0 {
				tf := terraformFloor(all, m, o)
				line += fmt.Sprintf("  %5.2fx max(N*L/P, terraform_data) (%.2fs)", m.Seconds/tf, tf)
			}
		}
		if sf := schemaFloor(all, m, o); sf > 0 {
			name := "no-op plugin"
			if m.Latency > 0 {
				name = "max(N*L/P, no-op plugin)"
			}
			line += fmt.Sprintf("  %5.2fx %s (%.2fs)", m.Seconds/sf, name, sf)
		}
		if m.Workload != baseline.name {
			line += fmt.Sprintf("  %5.2f requests/resource  provider peak %.1f MiB", float64(m.Requests)/float64(m.N), float64(m.PeakKiB)/1024)
		}
		if m.StateBytes > 0 {
			line += fmt.Sprintf("  state %d bytes/resource", m.StateBytes/int64(m.N))
		}
		fmt.Println(line)
	}
}

func markdown(all []measurement, searches []searchResult, o options) string {
	var b strings.Builder
	fmt.Fprintf(&b, "Measured %s on %d CPUs (%s/%s), %s, %s; load average at the end: %s.\n\n",
		time.Now().UTC().Format("2006-01-02 15:04 UTC"), runtime.NumCPU(), runtime.GOOS, runtime.GOARCH,
		runtime.Version(), terraformVersion(o.tf), loadAverage())
	fmt.Fprintf(&b, "Every command ran with `-parallelism=%d`. Times in seconds, each the median of %d rounds in which the "+
		"workloads took turns. The ratio in bold is to the issue's floor: "+
		"the same command on N `terraform_data` resources at zero latency, N*L/P with latency L. The column \"vs no-op plugin\" "+
		"compares `cpaas_endpoint` with the same configuration served by `internal/cmd/schemafloor`, a plugin with this "+
		"provider's schema that does no work (no API, no validation), which gives Terraform the same plan and the same "+
		"state: what is left above 1.00x is this provider's own overhead. Under latency that column uses max(N*L/P, no-op plugin). "+
		"The row \"no-op plugin, terraform_data's schema\" is the same plugin serving a copy of `terraform_data` "+
		"(`cpaas_floor_data`: same schema, plan and state, no work): its ratio to `terraform_data` is what Terraform spends only "+
		"because a plugin process serves the resources, before any schema or work of a provider's own.\n\n",
		o.parallelism, o.repeat)

	lats := []time.Duration{0}
	if o.latency > 0 {
		lats = append(lats, o.latency)
	}
	for _, lat := range lats {
		if lat == 0 {
			b.WriteString("#### Zero latency, against `terraform_data`\n\n")
		} else {
			fmt.Fprintf(&b, "#### Latency %s per request, against N*L/P (P = %d)\n\n", lat, o.parallelism)
		}
		extra, extraSep := "", ""
		if lat > 0 {
			extra, extraSep = " ratio to max(N*L/P, terraform_data) apply / plan / destroy |", "---|"
		}
		b.WriteString("| workload | N | floor apply / plan / destroy | apply | plan | destroy |" + extra +
			" vs no-op plugin apply / plan / destroy | requests per resource (apply / plan / destroy) | provider peak RSS | state bytes per resource |\n")
		b.WriteString("|---|---:|---|---:|---:|---:|" + extraSep + "---|---|---:|---:|\n")
		for _, n := range o.ns {
			for _, w := range []workload{baseline, noopData, noopEndpoints, endpoints} {
				if lat > 0 && !w.api {
					continue
				}
				if row, ok := markdownRow(all, lat, w, n, o); ok {
					b.WriteString(row)
				}
			}
		}
		b.WriteString("\n")
	}
	b.WriteString("#### Number search, 1,000 results (`cpaas_phone_numbers`, `max_results = 1000`), one `terraform plan`\n\n")
	b.WriteString("| latency | round trips | plan time |\n|---|---:|---:|\n")
	for _, s := range searches {
		fmt.Fprintf(&b, "| %s | %d | %.2fs |\n", s.Latency, s.Requests, s.Seconds)
	}
	b.WriteString("\nEndpoints set `password_wo`, as the documentation recommends. The whole account (account.go) is in account.md.\n")
	b.WriteString(driftNote(o))
	return b.String()
}

// markdownRow is the table row of workload w with n resources at latency
// lat, and false when nothing of it was measured.
func markdownRow(all []measurement, lat time.Duration, w workload, n int, o options) (string, bool) {
	var cells, floors, tight, schema, reqs []string
	var peak, stateBytes int64
	for _, op := range ops {
		m, ok := find(all, lat, w.name, n, op)
		if !ok {
			continue
		}
		f, _ := floorOf(all, m, o)
		floors = append(floors, fmt.Sprintf("%.2f", f))
		if w.name == baseline.name {
			cells = append(cells, fmt.Sprintf("%.2f", m.Seconds))
		} else {
			cells = append(cells, fmt.Sprintf("%.2f (**%.2fx**)", m.Seconds, m.Seconds/f))
			tight = append(tight, fmt.Sprintf("%.2fx", m.Seconds/terraformFloor(all, m, o)))
		}
		if sf := schemaFloor(all, m, o); sf > 0 {
			schema = append(schema, fmt.Sprintf("%.2fx", m.Seconds/sf))
		}
		reqs = append(reqs, fmt.Sprintf("%.2f", float64(m.Requests)/float64(n)))
		peak = max(peak, m.PeakKiB)
		stateBytes = max(stateBytes, m.StateBytes/int64(n))
	}
	if len(cells) == 0 {
		return "", false
	}
	tightCell := ""
	if lat > 0 {
		tightCell = " " + strings.Join(tight, " / ") + " |"
	}
	schemaCell := "n/a"
	if w.name == endpoints.name && o.driftOf(noopEndpoints, n) != "" {
		schemaCell = "refused: the no-op plugin's state differs (below)"
	} else if len(schema) > 0 {
		schemaCell = "**" + strings.Join(schema, " / ") + "**"
	}
	if w.name == baseline.name {
		return fmt.Sprintf("| `%s` | %d | (floor) | %s | n/a | n/a | n/a | %d |\n", w.name, n, strings.Join(cells, " | "), stateBytes), true
	}
	name := "`" + w.name + "`"
	if w.noop {
		name = w.name
	}
	return fmt.Sprintf("| %s | %d | %s | %s |%s %s | %s | %.0f MiB | %d |\n", name, n, strings.Join(floors, " / "),
		strings.Join(cells, " | "), tightCell, schemaCell, strings.Join(reqs, " / "), float64(peak)/1024, stateBytes), true
}

func terraformVersion(tf string) string {
	out, err := exec.Command(tf, "version").Output()
	if err != nil {
		return "terraform (version unknown)"
	}
	first, _, _ := strings.Cut(string(out), "\n")
	return first
}

func loadAverage() string {
	data, err := os.ReadFile("/proc/loadavg")
	if err != nil {
		return "unknown"
	}
	f := strings.Fields(string(data))
	if len(f) < 3 {
		return "unknown"
	}
	return strings.Join(f[:3], " ")
}

// plotted are the workloads plotPNG draws, each with its colour, dashes
// and glyph.
var plotted = []struct {
	w      workload
	colour color.Color
	dashes []vg.Length
	glyph  draw.GlyphDrawer
}{
	{endpoints, color.RGBA{R: 0xd6, G: 0x27, B: 0x28, A: 0xff}, nil, draw.CircleGlyph{}},
	{noopEndpoints, color.RGBA{R: 0xff, G: 0x7f, B: 0x0e, A: 0xff}, []vg.Length{vg.Points(1), vg.Points(2)}, draw.TriangleGlyph{}},
	{noopData, color.RGBA{R: 0x2c, G: 0xa0, B: 0x2c, A: 0xff}, []vg.Length{vg.Points(6), vg.Points(2), vg.Points(1), vg.Points(2)}, draw.CrossGlyph{}},
	{baseline, color.RGBA{R: 0x1f, G: 0x77, B: 0xb4, A: 0xff}, []vg.Length{vg.Points(5), vg.Points(3)}, draw.BoxGlyph{}},
}

// plotPNG draws time against N at zero latency, one panel per command:
// the provider's endpoints, the no-op plugin with the same schema, the
// no-op plugin with terraform_data's schema, and terraform_data.
func plotPNG(all []measurement) ([]byte, error) {
	panels := make([][]*plot.Plot, 1)
	for _, op := range ops {
		p := plot.New()
		p.Title.Text = op + " (zero latency)"
		p.X.Label.Text = "resources (N)"
		p.Y.Label.Text = "seconds"
		p.Y.Min = 0
		p.Legend.Top, p.Legend.Left = true, true
		for _, s := range plotted {
			var xys plotter.XYs
			for _, m := range all {
				if m.Latency == 0 && m.Workload == s.w.name && m.Op == op {
					xys = append(xys, plotter.XY{X: float64(m.N), Y: m.Seconds})
				}
			}
			if len(xys) == 0 {
				continue
			}
			line, points, err := plotter.NewLinePoints(xys)
			if err != nil {
				return nil, err
			}
			line.Color, points.Color = s.colour, s.colour
			line.Width = vg.Points(1.5)
			line.Dashes = s.dashes
			points.Shape = s.glyph
			p.Add(line, points)
			p.Legend.Add(s.w.name, line, points)
		}
		panels[0] = append(panels[0], p)
	}
	img := vgimg.New(15*vg.Inch, 5*vg.Inch)
	dc := draw.New(img)
	tiles := draw.Tiles{Rows: 1, Cols: len(ops), PadX: vg.Points(12), PadTop: vg.Points(6), PadBottom: vg.Points(6),
		PadLeft: vg.Points(6), PadRight: vg.Points(12)}
	canvases := plot.Align(panels, tiles, dc)
	for j, p := range panels[0] {
		p.Draw(canvases[0][j])
	}
	var buf bytes.Buffer
	if _, err := (vgimg.PngCanvas{Canvas: img}).WriteTo(&buf); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

// floorTarget is the bound on cpaas_endpoint's CPU over the
// framework floor's (least of the rounds each) for an apply.
const floorTarget = 1.10

// floorMarkdown is the -floor table: per N and command, the least CPU
// time of Terraform and its plugin (of the rounds, in which the three
// plugins took turns) and the plugin's own share, the provider's CPU over
// the framework floor's against floorTarget, and beside them the wall
// times' medians and ranges.
func floorMarkdown(all []measurement, o options) string {
	var b strings.Builder
	fmt.Fprintf(&b, "#### cpaas_endpoint against the no-op plugin and the framework floor, zero latency, -parallelism=%d\n\n", o.parallelism)
	fmt.Fprintf(&b, "Measured %s on %d CPUs, %s; load average at the end: %s. %d rounds in which the three plugins took turns. "+
		"CPU is the user and system time of Terraform and the plugin processes it started (the rusage of the terraform process, which counts "+
		"the children it waited for), the least of the rounds; the plugin's share is what its processes wrote when they stopped "+
		"(internal/cpuprofile). Wall time is the median with the range. Each floor's state file was compared with the provider's after every "+
		"apply (floorstate.go); a ratio is given only against a floor whose state was the same.\n\n",
		time.Now().UTC().Format("2006-01-02 15:04 UTC"), runtime.NumCPU(), terraformVersion(o.tf), loadAverage(), o.repeat)
	fmt.Fprintf(&b, "| N | command | CPU s, least: no-op / framework floor / cpaas_endpoint | **cpaas_endpoint / framework floor, CPU** | per round | "+
		"target %.2fx (apply) | framework floor / no-op, CPU | plugin's CPU s, least: no-op / framework floor / cpaas_endpoint | "+
		"wall s, median (range): no-op / framework floor / cpaas_endpoint | cpaas_endpoint / framework floor, wall |\n"+
		"|---:|---|---|---:|---|---|---:|---|---|---:|\n", floorTarget)
	kinds := []workload{noopEndpoints, idleEndpoints, endpoints}
	for _, n := range o.ns {
		for _, op := range ops {
			secs, cpu, plugin := map[string][]float64{}, map[string][]float64{}, map[string][]float64{}
			byRound := map[int]map[string]float64{}
			for _, m := range all {
				if m.N != n || m.Op != op || m.Latency != 0 {
					continue
				}
				if byRound[m.Round] == nil {
					byRound[m.Round] = map[string]float64{}
				}
				byRound[m.Round][m.Workload] = m.CPUSeconds
				secs[m.Workload] = append(secs[m.Workload], m.Seconds)
				cpu[m.Workload] = append(cpu[m.Workload], m.CPUSeconds)
				plugin[m.Workload] = append(plugin[m.Workload], m.PluginCPUSeconds)
			}
			if len(cpu[endpoints.name]) == 0 {
				continue
			}
			least, wall := map[string]float64{}, map[string]float64{}
			var cpus, plugins, walls []string
			for _, w := range kinds {
				if len(cpu[w.name]) == 0 {
					cpus, plugins, walls = append(cpus, "n/a"), append(plugins, "n/a"), append(walls, "n/a")
					continue
				}
				least[w.name], wall[w.name] = slices.Min(cpu[w.name]), median(secs[w.name])
				cpus = append(cpus, fmt.Sprintf("%.2f", least[w.name]))
				plugins = append(plugins, fmt.Sprintf("%.2f", slices.Min(plugin[w.name])))
				walls = append(walls, fmt.Sprintf("%.2f (%.2f to %.2f)", wall[w.name], slices.Min(secs[w.name]), slices.Max(secs[w.name])))
			}
			noop, idle, ep := least[noopEndpoints.name], least[idleEndpoints.name], least[endpoints.name]
			own, rounds, met, fwPart, ownWall := "n/a", "", "", "n/a", "n/a"
			switch {
			case o.driftOf(idleEndpoints, n) != "":
				own, ownWall = "refused: the framework floor's state differs (below)", "refused"
			case idle > 0:
				own, ownWall = fmt.Sprintf("**%.3fx**", ep/idle), fmt.Sprintf("%.3fx", wall[endpoints.name]/wall[idleEndpoints.name])
				var rs []string
				for r := 1; r <= o.repeat; r++ {
					if x, y := byRound[r][endpoints.name], byRound[r][idleEndpoints.name]; x > 0 && y > 0 {
						rs = append(rs, fmt.Sprintf("%.3f", x/y))
					}
				}
				rounds = strings.Join(rs, ", ")
				if op == "apply" {
					met = "met"
					if ep/idle > floorTarget {
						met = fmt.Sprintf("missed by %.1f%%", 100*(ep/idle-floorTarget))
					}
				}
			}
			switch {
			case o.driftOf(noopEndpoints, n) != "":
				fwPart = "refused: the no-op plugin's state differs (below)"
			case noop > 0 && idle > 0 && o.driftOf(idleEndpoints, n) == "":
				fwPart = fmt.Sprintf("%.3fx", idle/noop)
			}
			fmt.Fprintf(&b, "| %d | %s | %s | %s | %s | %s | %s | %s | %s | %s |\n",
				n, op, strings.Join(cpus, " / "), own, rounds, met, fwPart, strings.Join(plugins, " / "), strings.Join(walls, " / "), ownWall)
		}
	}
	for _, n := range o.ns {
		var sizes []string
		for _, w := range kinds {
			var size int64
			for _, m := range all {
				if m.N == n && m.Workload == w.name && m.Op == "apply" && m.Latency == 0 {
					size = max(size, m.StateBytes)
				}
			}
			if size > 0 {
				sizes = append(sizes, fmt.Sprintf("%s %d", w.name, size))
			}
		}
		if len(sizes) > 0 {
			fmt.Fprintf(&b, "\nState file after the apply of %d, in bytes: %s.\n", n, strings.Join(sizes, ", "))
		}
	}
	b.WriteString(driftNote(o))
	return b.String()
}

// driftNote lists the floors whose state differed from the provider's,
// and so got no ratio, with what differed.
func driftNote(o options) string {
	if len(o.drift) == 0 {
		return ""
	}
	keys := make([]string, 0, len(o.drift))
	for k := range o.drift {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	var b strings.Builder
	b.WriteString("\n**Ratios refused**: a floor is fair only if Terraform keeps for it exactly the provider's state (floorstate.go). These did not:\n\n")
	for _, k := range keys {
		fmt.Fprintf(&b, "- %s: %s\n", k, strings.ReplaceAll(o.drift[k], "\n", " "))
	}
	return b.String()
}

func median(xs []float64) float64 {
	s := slices.Clone(xs)
	slices.Sort(s)
	h := len(s) / 2
	if len(s)%2 == 1 {
		return s[h]
	}
	return (s[h-1] + s[h]) / 2
}
