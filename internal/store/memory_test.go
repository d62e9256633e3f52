package store_test

import (
	"testing"

	"termgames/internal/store"
	"termgames/internal/store/storetest"
)

func TestMemory(t *testing.T) {
	storetest.Run(t, func(t *testing.T) store.Store { return store.NewMemory() })
}
