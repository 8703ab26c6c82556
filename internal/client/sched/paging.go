package sched

import (
	"context"
	"sync"
)

// ListAll reads a paged listing one page after another, from offset 0,
// until the API's meta says there is no more (or a page is empty), for at
// most maxPages pages (0: no bound).
func ListAll[T any](ctx context.Context, limit, maxPages int, page func(ctx context.Context, limit, offset int) ([]T, ListMeta, error)) ([]T, error) {
	var all []T
	for offset, n := 0, 0; maxPages == 0 || n < maxPages; n++ {
		objs, meta, err := page(ctx, limit, offset)
		if err != nil {
			return nil, err
		}
		all = append(all, objs...)
		offset += len(objs)
		if meta.Next == nil || len(objs) == 0 || meta.TotalCount > 0 && offset >= meta.TotalCount {
			break
		}
	}
	return all, nil
}

// PageConcurrency is how many pages of one listing are fetched at once.
const PageConcurrency = 8

// FetchPages reads a paged listing with the largest page: the first page
// gives total_count, then every page needed for min(total, maxItems)
// objects is fetched concurrently (PageConcurrency at a time) and the
// objects are returned in the API's order, with total. On a page error it
// returns what it got and the first error. Offset paging can skip or repeat
// an object that is added or removed while the pages are read, exactly as
// the same pages read one after another would.
func FetchPages[T any](ctx context.Context, pageLimit, maxItems int, fetch func(ctx context.Context, offset int) ([]T, int, error)) ([]T, int, error) {
	first, total, err := fetch(ctx, 0)
	if err != nil {
		return nil, 0, err
	}
	want := min(total, maxItems)
	pages := max(1, (want+pageLimit-1)/pageLimit)
	if len(first) == 0 {
		pages = 1
	}
	results := make([][]T, pages)
	results[0] = first
	var (
		wg       sync.WaitGroup
		mu       sync.Mutex
		firstErr error
		sem      = make(chan struct{}, PageConcurrency)
	)
	for i := 1; i < pages; i++ {
		wg.Add(1)
		sem <- struct{}{}
		go func() {
			defer func() { <-sem; wg.Done() }()
			objs, _, err := fetch(ctx, i*pageLimit)
			mu.Lock()
			defer mu.Unlock()
			if err != nil {
				if firstErr == nil {
					firstErr = err
				}
				return
			}
			results[i] = objs
		}()
	}
	wg.Wait()
	all := make([]T, 0, want)
	for _, r := range results {
		all = append(all, r...)
	}
	if len(all) > maxItems {
		all = all[:maxItems]
	}
	return all, total, firstErr
}
