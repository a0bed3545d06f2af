package servidor_test

import (
	"context"
	"fmt"
	"math/rand/v2"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/juegodepalabras/palabras/internal/pruebas"
	"github.com/juegodepalabras/palabras/letra"
	"github.com/juegodepalabras/palabras/ocurrencia"
	"github.com/juegodepalabras/palabras/servidor"
	"github.com/juegodepalabras/palabras/trie"
	"github.com/juegodepalabras/palabras/variante"
)

// varianteLlenable: alfabeto {A, B}, tablero de n×n, 3 fichas, y todas las
// palabras de 1 a n letras son legítimas, así que toda jugada alineada y
// contigua vale y las partidas terminan con el tablero lleno y el
// repositorio vacío.
func varianteLlenable(t testing.TB, n int) *variante.Variante {
	alf, err := letra.NuevoAlfabeto("A", "B")
	require.NoError(t, err)
	var palabras [][]letra.Letra
	for largo := 1; largo <= n; largo++ {
		for bits := range 1 << largo {
			p := make([]letra.Letra, largo)
			for i := range p {
				p[i] = letra.Letra(bits >> i & 1)
			}
			palabras = append(palabras, p)
		}
	}
	lex, err := trie.NuevoDAWG(palabras)
	require.NoError(t, err)
	v, err := variante.Nueva(alf, n, 3, nil, lex, variante.Opciones{})
	require.NoError(t, err)
	return v
}

// clienteConcurrente juega hasta que el tablero se llena: espera sus
// notificaciones, y en su turno pide una copia de la partida, elige una
// jugada válida al azar y la envía. De vez en cuando envía además una jugada
// imposible (fuera del tablero), que debe responderse con Mal. Devuelve todo
// lo que recibió y cuántos Mal provocó.
func clienteConcurrente(ctx context.Context, s *servidor.Servidor, semilla uint64, celdas int) (cid int, historial []servidor.Notificacion, malas int, err error) {
	r := rand.New(rand.NewPCG(semilla, 1))
	if cid, err = s.Conectar(); err != nil {
		return 0, nil, 0, err
	}
	ubicadas := 0
	for ubicadas < celdas {
		ns, err := s.Esperar(ctx, cid)
		if err != nil {
			return cid, historial, malas, err
		}
		historial = append(historial, ns...)
		miTurno := false
		for _, n := range ns {
			switch {
			case n.Tipo == servidor.TipoUbicar:
				ubicadas += n.Jugada.Tamano()
			case n.Tipo == servidor.TipoTurnoDe:
				miTurno = n.Cliente == cid
			}
		}
		if r.IntN(4) == 0 {
			if err := s.Recibir(cid, ocurrencia.Nueva(ocurrencia.Ficha{Fila: -1})); err != nil {
				return cid, historial, malas, err
			}
			malas++
		}
		if !miTurno || ubicadas == celdas {
			continue
		}
		p, err := s.Partida()
		if err != nil {
			return cid, historial, malas, err
		}
		var validas []ocurrencia.Ocurrencia
		for _, o := range pruebas.Candidatas(p) {
			if p.JugadaValida(o) {
				validas = append(validas, o)
			}
		}
		if len(validas) == 0 {
			return cid, historial, malas, fmt.Errorf("cliente %d: sin jugadas con %d celdas ocupadas", cid, ubicadas)
		}
		if err := s.Recibir(cid, validas[r.IntN(len(validas))]); err != nil {
			return cid, historial, malas, err
		}
	}
	return cid, historial, malas, nil
}

// TestConcurrencia: K clientes (hasta 8), cada uno en su gorutina, juegan
// partidas completas —hasta llenar el tablero y vaciar el repositorio—
// mientras otras gorutinas observan el servidor. Después, la historia de cada
// cliente, quitando sus Mal, es exactamente la que da repetir en orden y en
// una sola gorutina las jugadas aceptadas; y recibió un Mal por cada jugada
// imposible que envió. Corre con -race en .ci/run.
func TestConcurrencia(t *testing.T) {
	const n = 5
	for _, k := range []int{1, 2, 3, 5, 8} {
		t.Run(fmt.Sprintf("K=%d", k), func(t *testing.T) {
			v := varianteLlenable(t, n)
			r, err := v.Repositorio(k, uint64(k))
			require.NoError(t, err)
			s, err := servidor.Nuevo(k, v, r)
			require.NoError(t, err)
			ctx, cancelar := context.WithTimeout(context.Background(), time.Minute)
			defer cancelar()

			type resultado struct {
				historial []servidor.Notificacion
				malas     int
			}
			resultados := make([]resultado, k)
			var clientes, observadores sync.WaitGroup
			errores := make(chan error, 2*k+2)
			for i := range k {
				clientes.Add(1)
				go func() {
					defer clientes.Done()
					cid, h, malas, err := clienteConcurrente(ctx, s, uint64(i), n*n)
					if err != nil {
						errores <- err
						cancelar()
						return
					}
					resultados[cid] = resultado{h, malas}
				}()
			}
			terminado := make(chan struct{})
			for range 2 {
				observadores.Add(1)
				go func() {
					defer observadores.Done()
					tiempo := 0
					for {
						select {
						case <-terminado:
							return
						default:
						}
						_ = s.Conectados()
						if !s.Empezo() {
							continue
						}
						p, err := s.Partida()
						if err != nil {
							errores <- err
							return
						}
						if p.Tiempo() < tiempo {
							errores <- fmt.Errorf("el tiempo retrocedió de %d a %d", tiempo, p.Tiempo())
							return
						}
						tiempo = p.Tiempo()
						ocupadas := 0
						for f := range n {
							for c := range n {
								if p.HayFicha(f, c) {
									ocupadas++
								}
							}
						}
						if ocupadas+p.LetrasEnRepositorio() != n*n {
							errores <- fmt.Errorf("%d fichas en el tablero y %d en el repositorio", ocupadas, p.LetrasEnRepositorio())
							return
						}
					}
				}()
			}
			clientes.Wait()
			close(terminado)
			observadores.Wait()
			close(errores)
			for err := range errores {
				require.NoError(t, err)
			}

			final, err := s.Partida()
			require.NoError(t, err)
			require.Zero(t, final.LetrasEnRepositorio(), "el repositorio se agotó")

			// La repetición secuencial: las jugadas aceptadas, en el orden
			// en que todos los clientes las vieron.
			var aceptadas []servidor.Notificacion
			for _, n := range resultados[0].historial {
				if n.Tipo == servidor.TipoUbicar {
					aceptadas = append(aceptadas, n)
				}
			}
			rep, err := servidor.Nuevo(k, v, r)
			require.NoError(t, err)
			for range k {
				_, err := rep.Conectar()
				require.NoError(t, err)
			}
			for _, a := range aceptadas {
				require.NoError(t, rep.Recibir(a.Cliente, a.Jugada))
			}
			for cid, res := range resultados {
				quiere, err := rep.Consultar(cid)
				require.NoError(t, err)
				var sinMal []servidor.Notificacion
				malas := 0
				for _, n := range res.historial {
					if n.Tipo == servidor.TipoMal {
						malas++
					} else {
						sinMal = append(sinMal, n)
					}
				}
				// Lo que quedó en la cola después de que el cliente dejó de
				// mirar (el último TurnoDe, algún Mal tardío) también cuenta.
				resto, err := s.Consultar(cid)
				require.NoError(t, err)
				for _, n := range resto {
					if n.Tipo == servidor.TipoMal {
						malas++
					} else {
						sinMal = append(sinMal, n)
					}
				}
				require.Equal(t, res.malas, malas, "cliente %d: un Mal por cada jugada imposible", cid)
				require.Equal(t, textos(quiere), textos(sinMal), "cliente %d", cid)
			}
		})
	}
}

func textos(ns []servidor.Notificacion) string {
	var b strings.Builder
	for _, n := range ns {
		b.WriteString(n.String())
		b.WriteByte('\n')
	}
	return b.String()
}
