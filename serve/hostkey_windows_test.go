package serve

import (
	"fmt"
	"net"
	"path/filepath"
	"strings"
	"testing"
	"unsafe"

	gossh "golang.org/x/crypto/ssh"
	"golang.org/x/sys/windows"
)

// The host key is written with an owner-only descriptor, and a server
// started twice on it shows its players the same key; once its descriptor
// lets everyone read it, or has no access list, the key is refused with the
// icacls line that makes it private again.
func TestHostKeyDescriptor(t *testing.T) {
	path := filepath.Join(t.TempDir(), "sub", "host_key")
	var seen [2]string
	for start := range seen {
		t.Run(fmt.Sprintf("start %d", start+1), func(t *testing.T) {
			signer, err := hostKey(path)
			if err != nil {
				t.Fatal(err)
			}
			srv := startServer(t, config{HostKey: signer})
			conn, err := gossh.Dial("tcp", srv.addr, &gossh.ClientConfig{
				User: "alice", Auth: noKey(), Timeout: wait,
				HostKeyCallback: func(_ string, _ net.Addr, key gossh.PublicKey) error {
					seen[start] = gossh.FingerprintSHA256(key)
					return nil
				},
			})
			if err != nil {
				t.Fatal(err)
			}
			conn.Close()
		})
	}
	if seen[0] == "" || seen[0] != seen[1] {
		t.Fatalf("the players saw host keys %q, then %q", seen[0], seen[1])
	}
	checkOwnerOnly(t, path)

	for _, tc := range []struct{ name, sddl, want string }{
		{"everyone reads", "D:P(A;;FR;;;WD)(A;;FA;;;SY)", "Everyone may read it"},
		{"no access list", "D:NO_ACCESS_CONTROL", "veryone may read it"}, // Wine makes a NULL list into Everyone's entry
	} {
		sd, err := windows.SecurityDescriptorFromString(tc.sddl)
		if err != nil {
			t.Fatal(err)
		}
		dacl, _, err := sd.DACL()
		if err != nil {
			t.Fatal(err)
		}
		if err := windows.SetNamedSecurityInfo(path, windows.SE_FILE_OBJECT, windows.DACL_SECURITY_INFORMATION|windows.PROTECTED_DACL_SECURITY_INFORMATION, nil, nil, dacl, nil); err != nil {
			t.Fatalf("%s: %v", tc.name, err)
		}
		_, err = hostKey(path)
		t.Logf("%s: %v", tc.name, err)
		if err == nil || !strings.Contains(err.Error(), tc.want) || !strings.Contains(err.Error(), `icacls "`+path+`" /inheritance:r /grant:r`) {
			t.Errorf("%s: %v; want a refusal saying %q and how to fix it", tc.name, err, tc.want)
		}
	}
}

// checkOwnerOnly fails unless path's access list allows the user, and
// nobody but the user, SYSTEM and Administrators, with nothing inherited
// from its folder. (Windows keeps the descriptor as written; Wine keeps
// only Unix mode bits and makes a descriptor up from them, without
// Administrators and without the protected flag, so those two are not
// asked for here.)
func checkOwnerOnly(t *testing.T, path string) {
	t.Helper()
	sd, err := windows.GetNamedSecurityInfo(path, windows.SE_FILE_OBJECT, windows.DACL_SECURITY_INFORMATION)
	if err != nil {
		t.Fatal(err)
	}
	u, err := windows.GetCurrentProcessToken().GetTokenUser()
	if err != nil {
		t.Fatal(err)
	}
	dacl, _, err := sd.DACL()
	if err != nil {
		t.Fatal(err)
	}
	mine := false
	for i := range uint32(dacl.AceCount) {
		var ace *windows.ACCESS_ALLOWED_ACE
		if err := windows.GetAce(dacl, i, &ace); err != nil {
			t.Fatal(err)
		}
		sid := (*windows.SID)(unsafe.Pointer(&ace.SidStart))
		mine = mine || sid.Equals(u.User.Sid)
		if ace.Header.AceFlags&windows.INHERITED_ACE != 0 {
			t.Errorf("entry %d of the key's access list is inherited: %v", i+1, sd)
		}
		if !sid.Equals(u.User.Sid) && !sid.IsWellKnown(windows.WinLocalSystemSid) && !sid.IsWellKnown(windows.WinBuiltinAdministratorsSid) {
			t.Errorf("the key's access list allows %s: %v", sid, sd)
		}
	}
	if !mine {
		t.Errorf("the key's access list does not allow its writer: %v", sd)
	}
}

// serve -h shows the default key file as a Windows user writes it, not
// with every backslash doubled.
func TestHelpShowsWindowsPaths(t *testing.T) {
	var out, errOut strings.Builder
	Command([]string{"-h"}, &out, &errOut, nil)
	if want := "(default " + shownPath(defaultHostKey()) + ")"; !strings.Contains(out.String(), want) || strings.Contains(out.String(), `\\`) {
		t.Errorf("serve -h:\n%s\nwant the default key file shown as %s", out.String(), want)
	}
}
