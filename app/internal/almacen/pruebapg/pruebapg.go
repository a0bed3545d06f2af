// Package pruebapg da a las pruebas de fuera del almacén (el sitio) una base
// PostgreSQL propia: la de la suite de contrato (contrato.URLPostgres), que
// está en un internal del almacén.
package pruebapg

import (
	"testing"

	"github.com/juegodepalabras/palabras/app/internal/almacen/internal/contrato"
)

// URL crea un esquema nuevo y vacío en el servidor PostgreSQL de las
// pruebas y devuelve su URL; lo borra al terminar tb. Sin servidor salta
// tb, salvo con PALABRAS_SERVICIOS=1, que la hace fallar
// (contrato.URLPostgres).
func URL(tb testing.TB) string {
	tb.Helper()
	return contrato.URLPostgres(tb)
}
