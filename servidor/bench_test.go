package servidor_test

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/juegodepalabras/palabras/letra"
	"github.com/juegodepalabras/palabras/ocurrencia"
	"github.com/juegodepalabras/palabras/servidor"
	"github.com/juegodepalabras/palabras/variante/espanol"
)

// servidorListo devuelve un servidor de la variante española con 4 clientes
// conectados, sus colas vacías, SOL ya jugado por el cliente 0 y el turno
// del cliente 1, que tiene en la mano las letras de CASERO menos la S.
func servidorListo(tb testing.TB) *servidor.Servidor {
	v := espanol.Variante()
	es := v.Alfabeto()
	r, err := v.Repositorio(4, 1)
	require.NoError(tb, err)
	manos, err := es.Parsear("SOLXXXX" + "CAEROXX")
	require.NoError(tb, err)
	copy(r, manos)
	s, err := servidor.Nuevo(4, v, r)
	require.NoError(tb, err)
	for range 4 {
		_, err := s.Conectar()
		require.NoError(tb, err)
	}
	sol, err := ocurrencia.Parsear("(7,7,S) (7,8,O) (7,9,L)", es)
	require.NoError(tb, err)
	require.NoError(tb, s.Recibir(0, sol))
	for cid := range 4 {
		_, err := s.Consultar(cid)
		require.NoError(tb, err)
	}
	return s
}

// BenchmarkRecibir: el cliente 1 juega CASERO (5 fichas, cruzando SOL por la
// S) con 4 clientes conectados: validación, ubicación y las 13
// notificaciones. Meta: ≤ 5 µs/op.
func BenchmarkRecibir(b *testing.B) {
	casero, err := ocurrencia.Parsear("(5,7,C) (6,7,A) (8,7,E) (9,7,R) (10,7,O)", letra.Espanol())
	require.NoError(b, err)
	s := servidorListo(b)
	require.NoError(b, s.Recibir(1, casero))
	ns, _ := s.Consultar(1)
	require.Len(b, ns, 4, "Ubicar, SumaPuntos, Reponer, TurnoDe")
	require.Equal(b, servidor.SumaPuntos(1, 8), ns[1], "CASERO: C3 A1 S1 E1 R1 O1, sin cruzadas")

	const tanda = 128
	servidores := make([]*servidor.Servidor, tanda)
	b.ReportAllocs()
	b.ResetTimer()
	for hechas := 0; hechas < b.N; hechas += tanda {
		b.StopTimer()
		for i := range servidores {
			servidores[i] = servidorListo(b)
		}
		b.StartTimer()
		for _, s := range servidores[:min(tanda, b.N-hechas)] {
			if err := s.Recibir(1, casero); err != nil {
				b.Fatal(err)
			}
		}
	}
}

// BenchmarkConsultar vacía una cola de 10 notificaciones. Las colas se
// llenan por la API pública: antes de empezar (falta un cliente), cada
// mensaje recibe un Mal, solo para quien lo envió, y nada más cambia.
// Consultar no mira las notificaciones, así que su tipo no importa. Meta:
// ≤ 1 µs/op.
func BenchmarkConsultar(b *testing.B) {
	v := espanol.Variante()
	const clientes = 4096 // muchas colas por tanda: parar el reloj es caro
	r := make([]letra.Letra, v.TamanoTablero()*v.TamanoTablero()+(clientes+1)*v.Fichas())
	s, err := servidor.Nuevo(clientes+1, v, r)
	require.NoError(b, err)
	for range clientes {
		_, err := s.Conectar()
		require.NoError(b, err)
	}
	b.ReportAllocs()
	b.ResetTimer()
	for hechas := 0; hechas < b.N; hechas += clientes {
		b.StopTimer()
		for cid := range clientes {
			_, _ = s.Consultar(cid)
			for range 10 {
				if err := s.Recibir(cid, ocurrencia.Ocurrencia{}); err != nil {
					b.Fatal(err)
				}
			}
		}
		b.StartTimer()
		for cid := range min(clientes, b.N-hechas) {
			ns, _ := s.Consultar(cid)
			if len(ns) != 10 {
				b.Fatal("la cola debería tener 10")
			}
		}
	}
}
