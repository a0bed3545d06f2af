package abrir_test

import (
	"context"
	"fmt"
	"os"
	"path/filepath"

	"github.com/juegodepalabras/palabras/app/internal/almacen/abrir"
)

// El destino elige el almacén: una ruta es un archivo SQLite; una URL
// postgres:// sería una base PostgreSQL.
func Example() {
	dir, _ := os.MkdirTemp("", "palabras")
	defer os.RemoveAll(dir)
	ctx := context.Background()
	destino := filepath.Join(dir, "palabras.db") // o "postgres://palabras@db:5432/palabras"
	a, err := abrir.Abrir(ctx, destino)
	if err != nil {
		fmt.Println(err)
		return
	}
	defer a.Close()
	ana, _ := a.CrearJugador(ctx, "ana", "es")
	j, _ := a.JugadorPorNombre(ctx, "ANA")
	fmt.Println(j.ID == ana.ID, abrir.EsPostgres(destino), abrir.EsPostgres("postgres://palabras@db:5432/palabras"))
	// Output:
	// true false true
}
