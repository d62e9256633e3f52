package store_test

import (
	"context"
	"testing"
	"time"

	"termgames/internal/store"
	"termgames/internal/store/storetest"
)

func TestMemory(t *testing.T) {
	storetest.Run(t, func(t *testing.T) store.Store { return store.NewMemory() })
}

// A player's Created comes from the store's clock.
func TestMemoryClock(t *testing.T) {
	m := store.NewMemory()
	at := time.Date(2025, 5, 1, 20, 0, 0, 123_456_789, time.UTC)
	m.Now = func() time.Time { return at }
	p, err := m.Player(context.Background(), "SHA256:alice", "alice")
	if err != nil || !p.Created.Equal(store.KeptTime(at)) {
		t.Errorf("%+v, %v; want created at %v", p, err, store.KeptTime(at))
	}
}
