package sqlite_test

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"

	"github.com/juegodepalabras/palabras/app/internal/almacen"
	"github.com/juegodepalabras/palabras/app/internal/almacen/sqlite"
)

func Example() {
	dir, _ := os.MkdirTemp("", "palabras")
	defer os.RemoveAll(dir)
	ctx := context.Background()

	a, err := sqlite.Abrir(filepath.Join(dir, "palabras.db"), sqlite.Opciones{})
	if err != nil {
		panic(err)
	}
	defer a.Close()
	ana, _ := a.CrearJugador(ctx, "Ana", "es")
	_, err = a.CrearJugador(ctx, "ana", "es")
	fmt.Println(err)
	_, err = a.Jugador(ctx, ana.ID+100)
	fmt.Println(err)
	v, _ := a.VersionArchivo(ctx)
	fmt.Println("esquema", v == sqlite.VersionEsquema())

	// Un archivo que no es una base de datos no se toca.
	texto := filepath.Join(dir, "notas.txt")
	os.WriteFile(texto, []byte("esto es texto, no una base de datos SQLite; nada que ver aquí............................................................................................"), 0o644)
	_, err = sqlite.Abrir(texto, sqlite.Opciones{})
	fmt.Println(err != nil && errorsIs(err, almacen.ErrNoEsBaseDeDatos))
	// Output:
	// almacen: el nombre ya existe: jugador "ana"
	// almacen: no existe ese jugador: 101
	// esquema true
	// true
}

func errorsIs(err, objetivo error) bool { return errors.Is(err, objetivo) }
