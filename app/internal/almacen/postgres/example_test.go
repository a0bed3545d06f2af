package postgres_test

import (
	"context"
	"errors"
	"fmt"

	"github.com/juegodepalabras/palabras/app/internal/almacen/postgres"
)

// Abrir se conecta, lleva el esquema a la última versión y verifica las
// partidas; un servidor que no contesta es un error, no un pánico. (Con un
// servidor, las pruebas del paquete lo usan de verdad: contrato_test.go.)
func ExampleAbrir() {
	ctx, cancelar := context.WithCancel(context.Background())
	cancelar() // sin esperar a ningún servidor
	a, err := postgres.Abrir(ctx, "postgres://palabras@127.0.0.1:5432/palabras?search_path=sitio", postgres.Opciones{})
	if err != nil {
		fmt.Println("no se abrió:", errors.Is(err, context.Canceled))
		return
	}
	defer a.Close()
	fmt.Println("versión del esquema:", postgres.VersionEsquema())
	// Output:
	// no se abrió: true
}
