package api_test

import (
	"go/ast"
	"go/parser"
	"go/token"
	"path/filepath"
	"strings"
	"testing"
)

// TestTransformsLiveInTransformFiles keeps every domain-to-API conversion in its resource's
// transform file (transform_<tag>.go): one place per resource says how a domain value reads in the
// contract, so a field added to the contract is filled in once, and handlers stay request -> call ->
// response. A handler file may build the response objects and envelopes it answers (types named
// ...Response, ...ResponseObject or ...ResponseHeaders) and request bodies it hands on to a
// transform (campaignFields reads a CampaignUpdate); any other oapi model it builds, or a function
// of it that answers one, is a conversion outside its transform file.
func TestTransformsLiveInTransformFiles(t *testing.T) {
	bodies := requestBodies(t)
	allowed := func(name string) bool {
		return strings.HasSuffix(name, "Response") || strings.HasSuffix(name, "ResponseObject") ||
			strings.HasSuffix(name, "ResponseHeaders") || bodies[name]
	}
	files, err := filepath.Glob("*.go")
	if err != nil {
		t.Fatal(err)
	}
	fset := token.NewFileSet()
	var found []string
	for _, path := range files {
		if strings.HasSuffix(path, "_test.go") || path == "transform.go" || strings.HasPrefix(path, "transform_") {
			continue
		}
		f, err := parser.ParseFile(fset, path, nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		report := func(n ast.Node, what, name string) {
			found = append(found, fset.Position(n.Pos()).String()+": "+what+" oapi."+name)
		}
		ast.Inspect(f, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.CompositeLit:
				if name, ok := oapiModel(n.Type); ok && !allowed(name) {
					report(n, "builds", name)
				}
			case *ast.FuncDecl:
				if n.Type.Results == nil {
					return true
				}
				for _, r := range n.Type.Results.List {
					if name, ok := oapiModel(r.Type); ok && !allowed(name) {
						report(n, n.Name.Name+" answers", name)
					}
				}
			}
			return true
		})
	}
	if len(found) > 0 {
		t.Errorf("convert domain values in the resource's api/transform_<tag>.go (xOf(domain) oapi.X) and call that from the handler:\n%s",
			strings.Join(found, "\n"))
	}
}

// oapiModel is the oapi type an expression names, through pointers, slices and maps' values.
func oapiModel(e ast.Expr) (string, bool) {
	switch e := e.(type) {
	case *ast.SelectorExpr:
		if pkg, ok := e.X.(*ast.Ident); ok && pkg.Name == "oapi" {
			return e.Sel.Name, true
		}
	case *ast.StarExpr:
		return oapiModel(e.X)
	case *ast.ArrayType:
		return oapiModel(e.Elt)
	case *ast.MapType:
		return oapiModel(e.Value)
	}
	return "", false
}

// requestBodies are the models the generated code names as operations' request bodies
// (type XJSONRequestBody = Model).
func requestBodies(t *testing.T) map[string]bool {
	t.Helper()
	files, err := filepath.Glob(filepath.Join("..", "gen", "oapi", "*.go"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no generated oapi code: %v", err)
	}
	bodies := map[string]bool{}
	fset := token.NewFileSet()
	for _, path := range files {
		f, err := parser.ParseFile(fset, path, nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		for _, d := range f.Decls {
			g, ok := d.(*ast.GenDecl)
			if !ok || g.Tok != token.TYPE {
				continue
			}
			for _, s := range g.Specs {
				ts := s.(*ast.TypeSpec)
				if id, ok := ts.Type.(*ast.Ident); ok && ts.Assign.IsValid() && strings.HasSuffix(ts.Name.Name, "RequestBody") {
					bodies[id.Name] = true
				}
			}
		}
	}
	if len(bodies) == 0 {
		t.Fatal("found no request bodies in the generated oapi code")
	}
	return bodies
}
