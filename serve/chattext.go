package serve

import "termgames/internal/lang"

// chatText is what the tables' chat says, in one language.
type chatText struct {
	key    string // the key that opens the chat, in the tables' keys
	prompt string // before the line being typed
	help   string // under it
	flood  string // Printf: seconds until the player may speak again
	guest  string // guests may not chat on this server
	muted  string // Printf: how long until a moderator's mute ends
	// watcher starts a watcher's line on the watchers' screens; Printf:
	// the name.
	watcher string
}

var koreanChat = chatText{
	key:     "c : 채팅",
	prompt:  "채팅> ",
	help:    "Enter : 보내기   Esc : 취소",
	flood:   "너무 빨리 말했습니다. %d초 뒤에 다시 말할 수 있습니다.",
	guest:   "이 서버에서는 키로 접속한 플레이어만 채팅할 수 있습니다.",
	muted:   "관리자가 채팅을 막았습니다. %v 뒤에 다시 말할 수 있습니다.",
	watcher: "[관전] %s: ",
}

var englishChat = chatText{
	key:     "c : chat",
	prompt:  "Say> ",
	help:    "Enter : send   Esc : cancel",
	flood:   "Too many lines too fast: you may speak again in %d seconds.",
	guest:   "Only players who connect with a key may chat on this server.",
	muted:   "An admin muted you: you may speak again in %v.",
	watcher: "[watching] %s: ",
}

// chatTextFor is the chat's text in the language of t.
func chatTextFor(t *onlineText) *chatText {
	if langOf(t) == lang.Korean {
		return &koreanChat
	}
	return &englishChat
}
