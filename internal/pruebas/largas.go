package pruebas

import (
	"os"
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
