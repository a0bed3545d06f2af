package sitio

import (
	"os"
	"testing"
)

// TestMain ejecuta este mismo binario como el servidor de la prueba de
// caídas o como el atacante de la prueba de la avalancha, si lo piden sus
// variables de entorno; si no, corre las pruebas.
func TestMain(m *testing.M) {
	if dir := os.Getenv(varHijo); dir != "" {
		os.Exit(hijo(dir, os.Getenv(varAddr)))
	}
	if rol := os.Getenv(varRol); rol != "" {
		os.Exit(hijoRepartido(rol))
	}
	if a := os.Getenv(varAtacante); a != "" {
		os.Exit(atacante(a))
	}
	os.Exit(m.Run())
}
