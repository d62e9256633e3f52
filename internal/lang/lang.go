// Package lang is the one way every screen picks its language: the
// player's -lang, or else the language of the original program the screen
// comes from (Korean for omok, minesweeper and the top menu, English for
// number baseball, whose C original speaks English).
package lang

import "errors"

// Tag names a language of the texts.
type Tag string

// The languages every game has texts in. Original means the player chose
// none: each screen then speaks its original's language.
const (
	Original Tag = ""
	Korean   Tag = "ko"
	English  Tag = "en"
)

// Parse checks a -lang value: ko, en, or empty for the original's.
func Parse(s string) (Tag, error) {
	switch t := Tag(s); t {
	case Original, Korean, English:
		return t, nil
	}
	return Original, errors.New("want ko or en")
}

// Pick returns the texts of tag: ko for Korean, en for English, and those
// of original, the language of the screen's original program, for any
// other tag.
func Pick[T any](tag, original Tag, ko, en T) T {
	if Resolve(tag, original) == English {
		return en
	}
	return ko
}

// Resolve returns the language a screen speaks: tag when it is Korean or
// English, and otherwise original, the language of its original program.
func Resolve(tag, original Tag) Tag {
	if tag != Korean && tag != English {
		return original
	}
	return tag
}

// Text is one text in both languages, as a table lists a game's title.
type Text struct{ Korean, English string }

// In returns the text in tag's language, Korean for lang.Original.
func (t Text) In(tag Tag) string { return Pick(tag, Korean, t.Korean, t.English) }
