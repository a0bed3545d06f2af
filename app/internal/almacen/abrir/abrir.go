// Package abrir abre el almacén que nombra un destino, para que el sitio y
// los programas lo elijan con un solo flag: una URL postgres:// (o
// postgresql://) abre el almacén PostgreSQL (app/internal/almacen/postgres) y
// cualquier otra cosa es la ruta del archivo del almacén SQLite
// (app/internal/almacen/sqlite), que se crea si no existe. Los dos con sus opciones
// por omisión. Ver Example.
package abrir

import (
	"context"
	"strings"

	"github.com/juegodepalabras/palabras/app/internal/almacen"
	"github.com/juegodepalabras/palabras/app/internal/almacen/postgres"
	"github.com/juegodepalabras/palabras/app/internal/almacen/sqlite"
)

// Almacen es lo que tienen los dos almacenes y usa el sitio: los
// repositorios, las cuentas y sesiones, las revisiones, y las partidas que
// encontró dañadas al abrirse (almacen.Verificar las incluye).
type Almacen interface {
	almacen.Almacen
	almacen.Cuentas
	almacen.Revisiones
	Danadas() []almacen.PartidaDanada
}

var (
	_ Almacen = (*sqlite.Almacen)(nil)
	_ Almacen = (*postgres.Almacen)(nil)
)

// EsPostgres informa si destino es una URL de PostgreSQL (postgres:// o
// postgresql://, sin distinguir mayúsculas en el esquema).
func EsPostgres(destino string) bool {
	d := strings.ToLower(destino)
	return strings.HasPrefix(d, "postgres://") || strings.HasPrefix(d, "postgresql://")
}

// Abrir abre el almacén de destino: postgres.Abrir si es una URL de
// PostgreSQL (EsPostgres; ctx es el plazo para conectarse, migrar y
// verificar) y si no sqlite.Abrir con esa ruta. Los errores son los de
// cada uno (almacen.ErrNoEsBaseDeDatos, almacen.ErrVersionFutura,
// almacen.ErrDanado, …).
func Abrir(ctx context.Context, destino string) (Almacen, error) {
	if EsPostgres(destino) {
		a, err := postgres.Abrir(ctx, destino, postgres.Opciones{})
		if err != nil {
			return nil, err
		}
		return a, nil
	}
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	a, err := sqlite.Abrir(destino, sqlite.Opciones{})
	if err != nil {
		return nil, err
	}
	return a, nil
}
