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

// Cell keeps spreadsheets from running a cell as a formula (CSV injection): one that starts with
// =, +, -, @, a tab or a carriage return gets a leading apostrophe. Numbers are written by the
// server and never start with one of them except a minus sign, which amounts here never carry.
func Cell(cell string) string {
	if cell != "" && strings.ContainsRune("=+-@\t\r", rune(cell[0])) {
		return "'" + cell
	}
	return cell
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
