package postgres

import (
	"context"
	"sync/atomic"

	"github.com/jackc/pgx/v5"
)

// AgregarMigracion agrega una migración al final de las del paquete,
// para probar cómo se lleva una base a una versión nueva, y devuelve cómo
// quitarla.
func AgregarMigracion(q string) (quitar func()) {
	viejas := migraciones
	migraciones = append(append([]string(nil), viejas...), q)
	return func() { migraciones = viejas }
}

// Contador cuenta las idas y vueltas de un almacén al servidor: cada
// consulta (BEGIN y COMMIT incluidos) y cada lote. No ve las que pgx hace
// por su cuenta (preparar una sentencia la primera vez en una conexión,
// el ping de una conexión quieta): las pruebas las hacen antes de contar.
type Contador struct{ n atomic.Int64 }

// Idas devuelve cuántas lleva.
func (c *Contador) Idas() int64 { return c.n.Load() }

func (c *Contador) TraceQueryStart(ctx context.Context, _ *pgx.Conn, _ pgx.TraceQueryStartData) context.Context {
	c.n.Add(1)
	return ctx
}
func (c *Contador) TraceQueryEnd(context.Context, *pgx.Conn, pgx.TraceQueryEndData) {}
func (c *Contador) TraceBatchStart(ctx context.Context, _ *pgx.Conn, _ pgx.TraceBatchStartData) context.Context {
	c.n.Add(1)
	return ctx
}
func (c *Contador) TraceBatchQuery(context.Context, *pgx.Conn, pgx.TraceBatchQueryData) {}
func (c *Contador) TraceBatchEnd(context.Context, *pgx.Conn, pgx.TraceBatchEndData)     {}

// AbrirContando es Abrir con una sola conexión (las sentencias preparadas
// quedan en ella) y las idas y vueltas contadas.
func AbrirContando(ctx context.Context, url string) (*Almacen, *Contador, error) {
	c := &Contador{}
	trazador = c
	defer func() { trazador = nil }()
	a, err := Abrir(ctx, url, Opciones{Conexiones: 1})
	return a, c, err
}
