// Package csvfile writes CSV downloads a page of rows at a time, so a file of any size never sits
// in memory, with cells a spreadsheet would run as formulas defused.
package csvfile

import (
	"context"
	"encoding/csv"
	"io"
	"strings"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
)

// PageSize is how many rows a page reads.
const PageSize = 2000

// Stream writes header, then the rows next answers, page after page, until a page is short;
// next gets the last row written (nil for the first page) to read the page after it.
func Stream[R any](w io.Writer, header []string, next func(last *R) ([]R, error), cells func(R) []string) error {
	out := csv.NewWriter(w)
	if err := out.Write(header); err != nil {
		return err
	}
	var last *R
	for {
		rows, err := next(last)
		if err != nil {
			return err
		}
		for _, r := range rows {
			row := cells(r)
			for i, cell := range row {
				row[i] = Cell(cell)
			}
			if err := out.Write(row); err != nil {
				return err
			}
		}
		out.Flush()
		if err := out.Error(); err != nil {
			return err
		}
		if len(rows) < PageSize {
			return nil
		}
		last = &rows[len(rows)-1]
	}
}

// formulaStarts are the characters a spreadsheet reads as the start of a formula.
const formulaStarts = "=+-@\t\r"

// Cell keeps spreadsheets from running a cell as a formula (CSV injection): a formula character
// (=, +, -, @, a tab or a carriage return) that starts the cell, or follows a ';' or ',' inside it,
// gets an apostrophe before it, since a spreadsheet whose list separator is ';' (as in ro-RO)
// splits the cell there. Numbers are written by the server and never start with one of them
// except a minus sign, which amounts here never carry.
func Cell(cell string) string {
	if !hasFormula(cell) {
		return cell
	}
	var b strings.Builder
	b.Grow(len(cell) + 2)
	for i := 0; i < len(cell); i++ {
		if startsFormula(cell, i) {
			b.WriteByte('\'')
		}
		b.WriteByte(cell[i])
	}
	return b.String()
}

// hasFormula reports whether any part of the cell would start a formula.
func hasFormula(cell string) bool {
	for i := 0; i < len(cell); i++ {
		if startsFormula(cell, i) {
			return true
		}
	}
	return false
}

// startsFormula reports whether the byte at i is a formula character that begins a part of the
// cell: its first byte, or one right after a ';' or ','. Bytes are enough: all are ASCII.
func startsFormula(cell string, i int) bool {
	return strings.IndexByte(formulaStarts, cell[i]) >= 0 && (i == 0 || cell[i-1] == ';' || cell[i-1] == ',')
}

// Snapshot runs read in a read-only transaction that sees one snapshot of the database, so the
// pages of one file agree with each other while orders keep arriving.
func Snapshot(ctx context.Context, pool *pgxpool.Pool, read func(tx pgx.Tx) error) error {
	tx, err := pool.BeginTx(ctx, pgx.TxOptions{IsoLevel: pgx.RepeatableRead, AccessMode: pgx.ReadOnly})
	if err != nil {
		return err
	}
	defer func() { _ = tx.Rollback(context.WithoutCancel(ctx)) }()
	return read(tx)
}
