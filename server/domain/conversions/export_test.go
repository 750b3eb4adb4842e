package conversions

import "context"

// BeforeCommit makes every group run f before its commit (nil: none); an error of f fails the
// group's transaction as a failed commit would.
func (s *Service) BeforeCommit(f func(context.Context) error) {
	s.group.mu.Lock()
	s.group.beforeCommit = f
	s.group.mu.Unlock()
}
