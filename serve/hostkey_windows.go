package serve

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"strings"
	"unsafe"

	"golang.org/x/sys/windows"
)

// On Windows a file's mode bits say nothing of who may read it (Go reports
// every file as 0666, or 0444 when read-only, whatever its access list
// says), so the key is kept private by its security descriptor instead, as
// OpenSSH for Windows keeps its own: a protected access list (nothing
// inherited from the folder) that allows only the owner, SYSTEM and
// Administrators. That is also what OpenSSH checks before it uses a private
// key, and what keyPrivate checks.

// createKey creates the key file with an owner-only descriptor, and fails if
// it exists. The descriptor is given at creation, so that no other user can
// open the file between its creation and a later change of its access.
func createKey(path string) (*os.File, error) {
	sd, err := ownerOnly()
	if err != nil {
		return nil, &fs.PathError{Op: "open", Path: path, Err: err}
	}
	name, err := windows.UTF16PtrFromString(path)
	if err != nil {
		return nil, &fs.PathError{Op: "open", Path: path, Err: err}
	}
	sa := &windows.SecurityAttributes{Length: uint32(unsafe.Sizeof(windows.SecurityAttributes{})), SecurityDescriptor: sd}
	h, err := windows.CreateFile(name, windows.GENERIC_WRITE, 0, sa, windows.CREATE_NEW, windows.FILE_ATTRIBUTE_NORMAL, 0)
	if err != nil {
		return nil, &fs.PathError{Op: "open", Path: path, Err: err}
	}
	return os.NewFile(uintptr(h), path), nil
}

// ownerOnly is the key's descriptor: full control for the user running the
// server, SYSTEM and Administrators (SDDL's SY and BA), and, being protected
// (P), nothing inherited.
func ownerOnly() (*windows.SECURITY_DESCRIPTOR, error) {
	u, err := windows.GetCurrentProcessToken().GetTokenUser()
	if err != nil {
		return nil, err
	}
	return windows.SecurityDescriptorFromString("D:P(A;;FA;;;" + u.User.Sid.String() + ")(A;;FA;;;SY)(A;;FA;;;BA)")
}

// keyPrivate refuses a key file that anyone but the user running the
// server, SYSTEM and Administrators may read, with the icacls line that
// makes it private: an owner outside them (who may always rewrite the
// access list), no access list at all (everyone may do everything), or an
// entry allowing anything to anyone else. Entries that deny only take
// away, so they are passed over.
func keyPrivate(path string) error {
	sd, err := windows.GetNamedSecurityInfo(path, windows.SE_FILE_OBJECT, windows.OWNER_SECURITY_INFORMATION|windows.DACL_SECURITY_INFORMATION)
	if err != nil {
		return fmt.Errorf("host key %s: its access list: %w", path, err)
	}
	u, err := windows.GetCurrentProcessToken().GetTokenUser()
	if err != nil {
		return fmt.Errorf("host key %s: who runs the server: %w", path, err)
	}
	me := u.User.Sid
	trusted := func(sid *windows.SID) bool {
		return sid.Equals(me) || sid.IsWellKnown(windows.WinLocalSystemSid) || sid.IsWellKnown(windows.WinBuiltinAdministratorsSid)
	}
	// icacls /inheritance:r drops what the folder passes down and
	// /grant:r leaves the user's own entry; an entry of the file's own
	// needs its /remove.
	refuse := func(why string, other *windows.SID) error {
		fix := fmt.Sprintf(`icacls "%s" /inheritance:r /grant:r "%s:F"`, path, accountName(me))
		if other != nil {
			fix += fmt.Sprintf(`, then icacls "%s" /remove "%s"`, path, accountName(other))
		}
		return fmt.Errorf("host key %s: %s; let only you read it: %s", path, why, fix)
	}
	owner, _, err := sd.Owner()
	if err != nil {
		return fmt.Errorf("host key %s: its owner: %w", path, err)
	}
	if !trusted(owner) {
		return fmt.Errorf(`host key %s: owned by %s: others may read it; take it: icacls "%s" /setowner "%s"`, path, accountName(owner), path, accountName(me))
	}
	dacl, _, err := sd.DACL()
	if errors.Is(err, windows.ERROR_OBJECT_NOT_FOUND) || err == nil && dacl == nil {
		return refuse("it has no access list, so everyone may read it", nil)
	}
	if err != nil {
		return fmt.Errorf("host key %s: its access list: %w", path, err)
	}
	for i := range uint32(dacl.AceCount) {
		var ace *windows.ACCESS_ALLOWED_ACE
		if err := windows.GetAce(dacl, i, &ace); err != nil {
			return fmt.Errorf("host key %s: its access list, entry %d: %w", path, i+1, err)
		}
		switch ace.Header.AceType {
		case windows.ACCESS_DENIED_ACE_TYPE, accessDeniedObject, accessDeniedCallback, accessDeniedCallbackObject:
			continue
		case windows.ACCESS_ALLOWED_ACE_TYPE:
			if sid := (*windows.SID)(unsafe.Pointer(&ace.SidStart)); ace.Mask != 0 && !trusted(sid) {
				return refuse(accountName(sid)+" may read it", sid)
			}
		default: // entries that allow, for an object or with a condition, which files do not have: not read, so not trusted
			return refuse(fmt.Sprintf("entry %d of its access list is of a kind termgames does not read, so others may read it", i+1), nil)
		}
	}
	return nil
}

// The other kinds of entry that only deny (winnt.h's ACCESS_DENIED_*_ACE_TYPE),
// which x/sys/windows does not name.
const (
	accessDeniedObject         = 0x6
	accessDeniedCallback       = 0xa
	accessDeniedCallbackObject = 0xc
)

// accountName is a SID as icacls takes it: DOMAIN\name, a well-known
// group's bare name (Everyone), or the SID itself when it has no name.
func accountName(sid *windows.SID) string {
	account, domain, _, err := sid.LookupAccount("")
	switch {
	case err != nil || account == "":
		return sid.String()
	case domain == "" || strings.EqualFold(domain, "BUILTIN") || strings.EqualFold(domain, "NT AUTHORITY"):
		return account
	}
	return domain + `\` + account
}

// shownPath is a path as -h shows it: as a Windows user writes it, with
// its backslashes single, and quoted only where a space would split it.
func shownPath(path string) string {
	if strings.ContainsAny(path, " \t") {
		return `"` + path + `"`
	}
	return path
}
