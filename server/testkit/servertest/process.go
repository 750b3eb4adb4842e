package servertest

import (
	"context"
	"fmt"
	"log/slog"
	"os"
	"os/exec"
	"os/signal"
	"syscall"
	"testing"

	"github.com/openaffiliate/platform/server"
)

// processEnv is set in the environment of a test binary that StartProcess started again to serve.
const processEnv = "SERVERTEST_SERVE"

// serveIfProcess runs the server the way the binary does, until SIGTERM (a graceful stop) or
// SIGKILL (a crash), when this test binary was started by StartProcess; it then never returns.
func serveIfProcess() {
	if os.Getenv(processEnv) == "" {
		return
	}
	slog.SetDefault(slog.New(slog.NewTextHandler(os.Stderr, &slog.HandlerOptions{Level: slog.LevelWarn})))
	err := func() error {
		cfg, err := server.LoadConfig(os.Getenv)
		if err != nil {
			return err
		}
		ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
		defer stop()
		return server.Run(ctx, cfg, nil)
	}()
	if err != nil {
		slog.Error("servertest process", "err", err)
		os.Exit(1)
	}
	os.Exit(0)
}

// Process is a server in a process of its own (this test binary, started again), so that a test
// can kill it as a crash would.
type Process struct {
	URL string
	cmd *exec.Cmd
}

// StartProcess starts a server process with env (DATABASE_URL and JWT_SECRET at least) on a
// free port and waits until it is healthy; it is killed when the test ends, if still running.
func StartProcess(t testing.TB, env map[string]string) *Process {
	t.Helper()
	port := FreePort(t)
	cmd := exec.Command(os.Args[0], "-test.run=^$") //nolint:gosec // G204: this very test binary, started again
	cmd.Env = append(os.Environ(), processEnv+"=1", fmt.Sprintf("PORT=%d", port))
	for k, v := range env {
		cmd.Env = append(cmd.Env, k+"="+v)
	}
	cmd.Stdout, cmd.Stderr = os.Stderr, os.Stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	p := &Process{URL: fmt.Sprintf("http://127.0.0.1:%d", port), cmd: cmd}
	t.Cleanup(func() {
		if cmd.ProcessState == nil {
			_ = cmd.Process.Kill()
			_ = cmd.Wait()
		}
	})
	WaitHealthy(t, p.URL)
	return p
}

// Kill ends the process with SIGKILL, as a crash or an out-of-memory kill would: nothing it
// holds in memory is written out.
func (p *Process) Kill(t testing.TB) {
	t.Helper()
	if err := p.cmd.Process.Signal(syscall.SIGKILL); err != nil {
		t.Fatal(err)
	}
	_ = p.cmd.Wait() // it answers "signal: killed"
}
