package sitio

import (
	"context"
	"path/filepath"
	"slices"
	"testing"
	"time"

	"github.com/coder/websocket"
	"github.com/stretchr/testify/require"

	"github.com/juegodepalabras/palabras/app/internal/almacen/pruebapg"
	"github.com/juegodepalabras/palabras/app/internal/bus"
)

// TestPresencia: dos procesos web (dos salas, cada una con su conexión al
// mismo NATS) y una partida entre un jugador de cada uno. Un espectador en
// el segundo ve quién está conectado en cualquiera: nadie, después el
// jugador 0 (conectado al primero), después los dos; y cuando el primer
// proceso "muere" (su conexión a NATS se corta sin despedirse, como con
// kill -9), el jugador 0 desaparece cuando vence su último latido.
func TestPresencia(t *testing.T) {
	url := pruebapg.URL(t)
	nats := servidorNATS(t)
	buses := make([]*bus.Bus, 2)
	for i := range buses {
		b, err := bus.Conectar(nats, "presencia")
		require.NoError(t, err)
		t.Cleanup(b.Cerrar)
		buses[i] = b
	}
	secreto := filepath.Join(t.TempDir(), "clave")
	op := sinCotas(Opciones{DB: url, Secreto: secreto, Registro: registroDe(t)})
	opA, opB := op, op
	opA.Bus, opB.Bus = buses[0], buses[1]
	_, baseA := abrirSala(t, opA)
	_, baseB := abrirSala(t, opB)
	ctx, cancelar := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancelar()
	id, cs := partidaEntreSalas(t, baseA, baseB, relojJSON{})

	esp := conectar(t, ctx, baseB, nil)
	defer esp.CloseNow()
	require.NoError(t, escribir(ctx, esp, mensajeCliente{Tipo: "mirar", Partida: &id}))
	// hasta espera el mensaje "presencia" con esos conectados y al menos
	// un espectador, y devuelve cuánto tardó.
	hasta := func(quiero []bool, plazo time.Duration) time.Duration {
		t.Helper()
		desde := time.Now()
		lctx, cancelar := context.WithTimeout(ctx, plazo)
		defer cancelar()
		var ultimo []bool
		for {
			r, err := leerResp(lctx, esp)
			require.NoError(t, err, "esperando la presencia %v (la última: %v)", quiero, ultimo)
			if r.Tipo != "presencia" {
				continue
			}
			ultimo = r.Conectados
			require.NotNil(t, r.Espectadores)
			require.GreaterOrEqual(t, *r.Espectadores, 1)
			if slices.Equal(r.Conectados, quiero) {
				return time.Since(desde)
			}
		}
	}
	hasta([]bool{false, false}, 5*time.Second)
	ws0, _ := entrarWS(t, ctx, baseA, cs[0], id) // en el otro proceso
	defer ws0.CloseNow()
	hasta([]bool{true, false}, 5*time.Second)
	ws1, _ := entrarWS(t, ctx, baseB, cs[1], id)
	hasta([]bool{true, true}, 5*time.Second)
	ws1.Close(websocket.StatusNormalClosure, "")
	hasta([]bool{true, false}, 5*time.Second)
	ws1, _ = entrarWS(t, ctx, baseB, cs[1], id)
	defer ws1.CloseNow()
	hasta([]bool{true, true}, 5*time.Second)
	buses[0].Cerrar() // el primer proceso deja de latir, sin despedirse
	d := hasta([]bool{false, true}, vidaPresencia+2*latidoPresencia)
	t.Logf("el jugador del proceso caído desapareció en %v", d.Round(time.Millisecond))
}
