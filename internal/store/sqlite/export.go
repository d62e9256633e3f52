package sqlite

import (
	"context"
	"database/sql"
	"fmt"
	"strings"
	"time"

	"termgames/internal/store"
)

// Export gives to everything the file keeps, in the order store.Sink
// says, as one moment's read (the server may go on writing meanwhile), and
// returns what the file counts of each, read in the same moment.
func (s *Store) Export(ctx context.Context, to store.Sink) (store.Counts, error) {
	var c store.Counts
	err := s.read(ctx, func(tx *sql.Tx) error {
		err := tx.QueryRowContext(ctx, `SELECT (SELECT count(*) FROM players), (SELECT count(*) FROM games),
			(SELECT count(*) FROM moves), (SELECT count(*) FROM ratings), (SELECT count(*) FROM mines_games),
			(SELECT count(*) FROM chat), (SELECT count(*) FROM ignores),
			(SELECT count(*) FROM players WHERE refuses_challenges), (SELECT count(*) FROM sanctions), (SELECT count(*) FROM admin_log)`).
			Scan(&c.Players, &c.Games, &c.Moves, &c.Ratings, &c.MinesGames, &c.Chat, &c.Ignores, &c.Refusing, &c.Sanctions, &c.AdminLog)
		if err != nil {
			return err
		}
		for _, step := range []func(context.Context, *sql.Tx, store.Sink) error{
			exportPlayers, exportSocial, exportGames, exportMoves, exportChat, exportRatings, exportMines, exportSanctions, exportAdminLog,
		} {
			if err := step(ctx, tx, to); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		return store.Counts{}, fmt.Errorf("store: export %s: %w", s.path, err)
	}
	return c, nil
}

// each runs query and calls fn with each row's scanner.
func each(ctx context.Context, tx *sql.Tx, query string, fn func(scan func(...any) error) error) error {
	rows, err := tx.QueryContext(ctx, query)
	if err != nil {
		return err
	}
	defer rows.Close()
	for rows.Next() {
		if err := fn(rows.Scan); err != nil {
			return err
		}
	}
	return rows.Err()
}

func exportPlayers(ctx context.Context, tx *sql.Tx, to store.Sink) error {
	return each(ctx, tx, "SELECT key, name, created FROM players ORDER BY created, key", func(scan func(...any) error) error {
		var p store.Player
		var created int64
		if err := scan(&p.Key, &p.Name, &created); err != nil {
			return err
		}
		p.Created = timeAt(created)
		return to.KeepPlayer(p)
	})
}

func exportSocial(ctx context.Context, tx *sql.Tx, to store.Sink) error {
	return each(ctx, tx, `SELECT p.key, p.refuses_challenges, coalesce(group_concat(i.ignored, ' '), '')
		FROM players p LEFT JOIN ignores i ON i.player = p.key
		WHERE p.refuses_challenges OR i.player IS NOT NULL
		GROUP BY p.key ORDER BY p.key`, func(scan func(...any) error) error {
		var key, ignores string
		var refuses bool
		if err := scan(&key, &refuses, &ignores); err != nil {
			return err
		}
		return to.KeepSocial(key, refuses, strings.Fields(ignores))
	})
}

func exportGames(ctx context.Context, tx *sql.Tx, to store.Sink) error {
	return eachGame(ctx, tx, to.KeepGame, "ORDER BY g.id")
}

func exportMoves(ctx context.Context, tx *sql.Tx, to store.Sink) error {
	return each(ctx, tx, "SELECT "+moveColumns+" FROM moves ORDER BY game, n", func(scan func(...any) error) error {
		var id, took, at int64
		var m store.Move
		if err := scan(&id, &m.Seat, &m.Text, &took, &at); err != nil {
			return err
		}
		m.Time, m.At = time.Duration(took)*time.Millisecond, timeAt(at)
		return to.KeepMove(id, m)
	})
}

func exportChat(ctx context.Context, tx *sql.Tx, to store.Sink) error {
	return each(ctx, tx, "SELECT game, at, name, coalesce(player, ''), watcher, text FROM chat ORDER BY game, n", func(scan func(...any) error) error {
		var id, at int64
		var l store.ChatLine
		if err := scan(&id, &at, &l.Name, &l.Key, &l.Watcher, &l.Text); err != nil {
			return err
		}
		l.At = timeAt(at)
		return to.KeepChat(id, l)
	})
}

func exportRatings(ctx context.Context, tx *sql.Tx, to store.Sink) error {
	return each(ctx, tx, "SELECT player, "+ratingColumns+" FROM ratings ORDER BY player, game, rule", func(scan func(...any) error) error {
		var key string
		var r store.Rating
		if err := scan(append([]any{&key}, ratingFields(&r)...)...); err != nil {
			return err
		}
		return to.KeepRating(key, r)
	})
}

func exportMines(ctx context.Context, tx *sql.Tx, to store.Sink) error {
	return each(ctx, tx, "SELECT player, level, won, time, rate, at FROM mines_games ORDER BY id", func(scan func(...any) error) error {
		var key string
		var g store.MinesGame
		var took, at int64
		if err := scan(&key, &g.Level, &g.Won, &took, &g.Rate, &at); err != nil {
			return err
		}
		g.Time, g.At = time.Duration(took)*time.Millisecond, timeAt(at)
		return to.KeepMinesGame(key, g)
	})
}

func exportSanctions(ctx context.Context, tx *sql.Tx, to store.Sink) error {
	return each(ctx, tx, "SELECT "+sanctionColumns+" FROM sanctions ORDER BY at, kind, target", func(scan func(...any) error) error {
		sn, err := scanSanction(scan)
		if err != nil {
			return err
		}
		return to.KeepSanction(sn)
	})
}

func exportAdminLog(ctx context.Context, tx *sql.Tx, to store.Sink) error {
	return each(ctx, tx, "SELECT at, admin, key, command, result FROM admin_log ORDER BY id", func(scan func(...any) error) error {
		var a store.AdminAction
		var at int64
		if err := scan(&at, &a.Admin, &a.Key, &a.Command, &a.Result); err != nil {
			return err
		}
		a.At = timeAt(at)
		return to.KeepAdminAction(a)
	})
}
