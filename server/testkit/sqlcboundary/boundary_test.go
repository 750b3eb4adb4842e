package sqlcboundary

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"go/importer"
	"go/token"
	"go/types"
	"io"
	"os"
	"os/exec"
	"slices"
	"strings"
	"testing"
)

const (
	module  = "github.com/openaffiliate/platform"
	queries = module + "/gen/queries"
)

// listed is the part of `go list -json` this test reads.
type listed struct {
	ImportPath string
	Name       string
	Export     string
	DepOnly    bool
	Error      *struct{ Err string }
}

// TestExportedDeclarationsNameNoQueriesType fails when an exported type, alias, struct field,
// func or method signature, var or const of a package outside gen/ names a gen/queries type: a row
// type that escapes its package ties every caller to the SQL (docs: STYLE.md "Our types, not sqlc's").
func TestExportedDeclarationsNameNoQueriesType(t *testing.T) {
	pkgs, exports := list(t)
	fset := token.NewFileSet()
	imp := importer.ForCompiler(fset, "gc", func(path string) (io.ReadCloser, error) {
		file, ok := exports[path]
		if !ok || file == "" {
			return nil, fmt.Errorf("no export data for %s", path)
		}
		return os.Open(file) //nolint:gosec // G304: an export data file that go list named
	})
	var offences []string
	for _, p := range pkgs {
		pkg, err := imp.Import(p.ImportPath)
		if err != nil {
			t.Fatalf("import %s: %v", p.ImportPath, err)
		}
		offences = append(offences, exported(pkg)...)
	}
	if len(offences) > 0 {
		t.Errorf("%d exported declarations name a gen/queries type; give them a type of their own, built by one unexported converter:\n\t%s",
			len(offences), strings.Join(offences, "\n\t"))
	}
}

// list builds the module's packages and returns those outside gen/ (main packages export nothing
// anyone imports) and the export data file of every package they depend on.
func list(t *testing.T) ([]listed, map[string]string) {
	t.Helper()
	cmd := exec.Command("go", "list", "-e", "-export", "-deps", "-json=ImportPath,Name,Export,DepOnly,Error", module+"/...")
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("go list: %v\n%s", err, stderr.String())
	}
	var pkgs []listed
	exports := map[string]string{}
	for dec := json.NewDecoder(bytes.NewReader(out)); ; {
		var p listed
		if err := dec.Decode(&p); errors.Is(err, io.EOF) {
			break
		} else if err != nil {
			t.Fatal(err)
		}
		if p.Error != nil {
			t.Fatalf("go list %s: %s", p.ImportPath, p.Error.Err)
		}
		exports[p.ImportPath] = p.Export
		if !p.DepOnly && p.Export != "" && p.Name != "main" && !strings.HasPrefix(p.ImportPath, module+"/gen/") {
			pkgs = append(pkgs, p)
		}
	}
	if len(pkgs) == 0 {
		t.Fatal("go list found no packages")
	}
	return pkgs, exports
}

// exported lists the package's exported declarations that name a gen/queries type.
func exported(pkg *types.Package) []string {
	var offences []string
	report := func(what string, t types.Type) {
		if name := named(pkg, t, map[types.Type]bool{}); name != "" {
			offences = append(offences, fmt.Sprintf("%s.%s names %s", pkg.Path(), what, name))
		}
	}
	scope := pkg.Scope()
	for _, name := range scope.Names() {
		obj := scope.Lookup(name)
		if !obj.Exported() {
			continue
		}
		switch o := obj.(type) {
		case *types.TypeName:
			if o.IsAlias() {
				report(name+" (alias)", o.Type())
				continue
			}
			n, ok := o.Type().(*types.Named)
			if !ok {
				continue
			}
			if s, ok := n.Underlying().(*types.Struct); ok {
				for f := range s.Fields() {
					if f.Exported() {
						report(name+"."+f.Name(), f.Type())
					}
				}
			} else {
				report(name, n.Underlying())
			}
			for m := range n.Methods() {
				if m.Exported() {
					report(name+"."+m.Name()+"()", m.Type())
				}
			}
		default:
			report(name, obj.Type())
		}
	}
	slices.Sort(offences)
	return offences
}

// named returns the first gen/queries type that t names where a caller can see it, or "". An
// unexported type of the package itself is looked into, since its exported fields and methods are
// visible through the exported declaration that returns it.
func named(pkg *types.Package, t types.Type, seen map[types.Type]bool) string {
	if seen[t] {
		return ""
	}
	seen[t] = true
	switch t := t.(type) {
	case *types.Alias:
		return named(pkg, types.Unalias(t), seen)
	case *types.Named:
		obj := t.Obj()
		if obj.Pkg() != nil && obj.Pkg().Path() == queries {
			return "queries." + obj.Name()
		}
		for arg := range t.TypeArgs().Types() {
			if n := named(pkg, arg, seen); n != "" {
				return n
			}
		}
		if obj.Pkg() == pkg && !obj.Exported() {
			if n := named(pkg, t.Underlying(), seen); n != "" {
				return n
			}
			for m := range t.Methods() {
				if m.Exported() {
					if n := named(pkg, m.Type(), seen); n != "" {
						return n
					}
				}
			}
		}
	case *types.Pointer:
		return named(pkg, t.Elem(), seen)
	case *types.Slice:
		return named(pkg, t.Elem(), seen)
	case *types.Array:
		return named(pkg, t.Elem(), seen)
	case *types.Chan:
		return named(pkg, t.Elem(), seen)
	case *types.Map:
		if n := named(pkg, t.Key(), seen); n != "" {
			return n
		}
		return named(pkg, t.Elem(), seen)
	case *types.Signature:
		if n := named(pkg, t.Params(), seen); n != "" {
			return n
		}
		return named(pkg, t.Results(), seen)
	case *types.Tuple:
		for v := range t.Variables() {
			if n := named(pkg, v.Type(), seen); n != "" {
				return n
			}
		}
	case *types.Struct:
		for f := range t.Fields() {
			if f.Exported() || f.Embedded() {
				if n := named(pkg, f.Type(), seen); n != "" {
					return n
				}
			}
		}
	case *types.Interface:
		for m := range t.Methods() {
			if n := named(pkg, m.Type(), seen); n != "" {
				return n
			}
		}
		for e := range t.EmbeddedTypes() {
			if n := named(pkg, e, seen); n != "" {
				return n
			}
		}
	case *types.TypeParam:
		return named(pkg, t.Constraint(), seen)
	}
	return ""
}
