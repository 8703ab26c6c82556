package main

import (
	"os"
	"strings"
	"testing"
)

func TestSplitByWeightGivesEveryResourceOnce(t *testing.T) {
	kinds := []resourceKind{{weight: 2}, {weight: 1}, {weight: 3}}
	for _, n := range []int{0, 1, 2, 5, 100, 1000, 1001} {
		counts := splitByWeight(n, kinds)
		sum := 0
		for _, c := range counts {
			sum += c
		}
		if sum != n {
			t.Errorf("splitByWeight(%d) = %v, sums to %d", n, counts, sum)
		}
	}
	if got := splitByWeight(600, kinds); got[0] != 200 || got[1] != 100 || got[2] != 300 {
		t.Errorf("splitByWeight(600) = %v, want [200 100 300]", got)
	}
}

func TestConfigsHoldTheirResources(t *testing.T) {
	if c := endpoints.build(7); !strings.Contains(c, "count               = 7") || !strings.Contains(c, `resource "cpaas_endpoint"`) {
		t.Errorf("endpoint config:\n%s", c)
	}
	c := mixed.build(9) // 5 endpoints, 2 numbers, 2 links
	for _, want := range []string{`resource "cpaas_endpoint" "ep"`, "count               = 5", `resource "cpaas_phone_number" "num"`,
		"max_results = 2", `resource "cpaas_10dlc_campaign_number" "link"`, "count       = 2", "cpaas_phone_number.num[count.index].number"} {
		if !strings.Contains(c, want) {
			t.Errorf("mixed config lacks %q:\n%s", want, c)
		}
	}
	if c := baseline.build(3); !strings.Contains(c, `resource "terraform_data"`) || strings.Contains(c, "cpaas") {
		t.Errorf("baseline config:\n%s", c)
	}
}

func TestVmHWMReadsThisProcess(t *testing.T) {
	if kib := vmHWM(os.Getpid()); kib <= 0 {
		t.Fatalf("VmHWM of this process = %d KiB", kib)
	}
	if got := childrenNamed(os.Getpid(), "no-such-command"); len(got) != 0 {
		t.Fatalf("children named no-such-command: %v", got)
	}
}
