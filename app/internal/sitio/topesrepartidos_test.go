package sitio

import (
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/juegodepalabras/palabras/app/internal/almacen/pruebapg"
)

// TestTopesRepartidos: el tope de mesas por jugador vale en todos los
// procesos juntos, no en cada uno. Con dos salas sobre la misma base y el
// mismo NATS y un tope de 2, una cuenta que abrió 2 mesas que esperan en
// una no abre una tercera en la otra; y con 2 partidas contra bots en
// curso creadas en una, la otra le niega una tercera (las cuenta el
// almacén compartido, no la memoria de cada proceso).
func TestTopesRepartidos(t *testing.T) {
	url := pruebapg.URL(t)
	b := busDePrueba(t)
	op := sinCotas(Opciones{DB: url, Secreto: filepath.Join(t.TempDir(), "clave"), Bus: b, Registro: registroDe(t), MesasPorJugador: 2})
	_, baseA := abrirSala(t, op)
	_, baseB := abrirSala(t, op)
	ana := alta(t, baseA, "ana", "una contraseña larga")
	anaEnB := *ana // la misma sesión, pedida al otro proceso
	anaEnB.base = baseB

	var m sentado
	var e respuestaSesion
	for range 2 {
		require.Equal(t, 200, ana.pedir(t, "POST", "/api/mesas", pedidoMesa{Reglas: "es-clasica", Asientos: []string{"yo", "persona"}}, &m))
		require.NotZero(t, m.Mesa)
	}
	require.Equal(t, 429, anaEnB.pedir(t, "POST", "/api/mesas", pedidoMesa{Reglas: "es-clasica", Asientos: []string{"yo", "persona"}}, &e),
		"la tercera mesa que espera, en el otro proceso")
	require.Equal(t, "mesas", e.Codigo)

	for range 2 {
		require.Equal(t, 200, ana.pedir(t, "POST", "/api/mesas", pedidoMesa{Reglas: "es-clasica", Asientos: []string{"yo", "bot:principiante"}}, &m))
		require.NotZero(t, m.Partida)
	}
	e = respuestaSesion{}
	require.Equal(t, 429, anaEnB.pedir(t, "POST", "/api/mesas", pedidoMesa{Reglas: "es-clasica", Asientos: []string{"yo", "bot:principiante"}}, &e),
		"la tercera partida contra bots, en el otro proceso")
	require.Equal(t, "bots", e.Codigo)
	// En el mismo proceso, lo mismo.
	require.Equal(t, 429, ana.pedir(t, "POST", "/api/mesas", pedidoMesa{Reglas: "es-clasica", Asientos: []string{"yo", "bot:principiante"}}, &e))
}
