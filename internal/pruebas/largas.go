package pruebas

import (
	"flag"
	"os"
	"strconv"
	"testing"
)

// VariableLargas es la variable de entorno que enciende las pruebas largas:
// con PALABRAS_LARGAS=1 (como en la integración continua) corren las
// pruebas de propiedades con muchos casos, las que leen los léxicos grandes,
// las de fuerza bruta y las de carga; sin ella, go test ./... es rápido.
const VariableLargas = "PALABRAS_LARGAS"

// Largas informa si corren las pruebas largas.
func Largas() bool { return os.Getenv(VariableLargas) != "" }

// SoloLargas saltea t salvo que corran las pruebas largas.
func SoloLargas(t testing.TB) {
	t.Helper()
	if !Largas() {
		t.Skip("prueba larga: corre con " + VariableLargas + "=1")
	}
}

// CasosCortos deja en n los casos de cada rapid.Check de t con -short,
// salvo que -rapid.checks se haya dado en la línea de órdenes, y los
// devuelve a lo que eran cuando t termina. Sin -short no cambia nada: la
// corrida completa (el comando del README) y la integración continua
// prueban los casos de siempre.
func CasosCortos(t testing.TB, n int) {
	t.Helper()
	f := flag.Lookup("rapid.checks")
	if !testing.Short() || f == nil {
		return
	}
	dado := false
	flag.Visit(func(x *flag.Flag) { dado = dado || x.Name == f.Name })
	if dado {
		return
	}
	antes := f.Value.String()
	if err := f.Value.Set(strconv.Itoa(n)); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = f.Value.Set(antes) })
}
