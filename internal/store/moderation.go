package store

import (
	"context"
	"errors"
	"time"
)

// Moderation is what the server's moderators keep (`ssh HOST admin ...`):
// the bans and mutes in force, and every action they took.
type Moderation interface {
	// Sanction keeps s, in place of any sanction of its kind on its
	// target.
	Sanction(ctx context.Context, s Sanction) error
	// Lift lifts the sanction of kind on target, and reports whether
	// there was one in force.
	Lift(ctx context.Context, kind SanctionKind, target string, now time.Time) (bool, error)
	// Sanctioned returns the sanction of kind on target in force at now;
	// ErrNotFound when there is none.
	Sanctioned(ctx context.Context, kind SanctionKind, target string, now time.Time) (Sanction, error)
	// Sanctions returns every sanction of kind in force at now, the
	// oldest first.
	Sanctions(ctx context.Context, kind SanctionKind, now time.Time) ([]Sanction, error)
	// AddAdminAction keeps what a moderator did.
	AddAdminAction(ctx context.Context, a AdminAction) error
	// AdminLog returns the last limit actions, the oldest first.
	AdminLog(ctx context.Context, limit int) ([]AdminAction, error)
}

// SanctionKind is what a sanction does.
type SanctionKind string

// The kinds of sanctions.
const (
	Ban  SanctionKind = "ban"  // no login
	Mute SanctionKind = "mute" // no chat
)

// Sanction is a ban or a mute of one player (by their key's fingerprint)
// or one address (a guest's).
type Sanction struct {
	Kind   SanctionKind
	Target string // a key's fingerprint ("SHA256:..."), or an address
	Name   string // the player's name when it was given
	By     string // the moderator's name
	Reason string
	At     time.Time
	Until  time.Time // zero: for good
}

// InForce reports whether s holds at now.
func (s Sanction) InForce(now time.Time) bool { return s.Until.IsZero() || now.Before(s.Until) }

// AdminAction is one command a moderator ran, as kept.
type AdminAction struct {
	At      time.Time
	Admin   string // the moderator's name
	Key     string // the moderator's key's fingerprint
	Command string // as typed: "ban alice 24h spam"
	Result  string // what it answered, in one line
}

// Errors of the players' changes that moderators make.
var (
	// ErrNameTaken: another player holds the name, or one like it
	// (NameKey).
	ErrNameTaken = errors.New("the name is another player's")
	// ErrKeyInUse: the key is a player's who has games, ratings or
	// minesweeper games of their own.
	ErrKeyInUse = errors.New("the key is another player's, with games of their own")
)

// CheckSanction says what is wrong with a sanction to keep, if anything.
func CheckSanction(s Sanction) error {
	switch {
	case s.Kind != Ban && s.Kind != Mute:
		return errors.New("a sanction that is neither a ban nor a mute")
	case s.Target == "":
		return errors.New("a sanction of nobody")
	case s.At.IsZero():
		return errors.New("a sanction with no time")
	case !s.Until.IsZero() && !s.Until.After(s.At):
		return errors.New("a sanction that ends before it begins")
	}
	return nil
}
